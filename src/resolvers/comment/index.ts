import type { Area } from "../area";
import { TaskCommentResolver } from "./comment.resolver";
import * as read from "../../services/comment/comment.read";

export const commentArea: Area = {
  resolvers: [TaskCommentResolver],
  entities: [read.taskCommentEntity, read.taskCommentMentionEntity, read.taskCommentReactionEntity],
};
