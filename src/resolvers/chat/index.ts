import type { Area } from "../area";
import { AssignedChatTopicUserResolver } from "./chat.resolver";
import * as read from "../../services/chat/chat.read";

export const chatArea: Area = {
  resolvers: [AssignedChatTopicUserResolver],
  entities: [read.assignedChatTopicUserEntity],
};
