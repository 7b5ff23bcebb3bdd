import type { Area } from "../area";
import { TaskCommentResolver } from "./comment.resolver";
import { taskCommentEntity, taskCommentMentionEntity, taskCommentReactionEntity } from "../../services/comment/comment.read";

export const commentArea: Area = {
  resolvers: [TaskCommentResolver],
  entities: [taskCommentEntity, taskCommentMentionEntity, taskCommentReactionEntity],
};
