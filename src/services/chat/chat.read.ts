import { AssignedChatTopicUser } from "../../types/chat/assigned-chat-topic-user.type";
import type { UserRef } from "../../types/people/user-summaries.type";
import { rules } from "../../auth/rules";
import { column, columnsOf, entityOf, readModel, required } from "../shared/read-model";
import { userSummary } from "../shared/user-refs";

/** A member of a chat topic (`a`) with their summary. */
const membershipModel = readModel<AssignedChatTopicUser>({
  ...columnsOf(AssignedChatTopicUser, "a"),
  chatUser: required(userSummary<UserRef>("a.userId")),
  lastReadMessage: column("a.lastReadMessageId"),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

export const assignedChatTopicUserEntity = entityOf(
  AssignedChatTopicUser,
  membershipModel,
  "AssignedChatTopicUser as a",
  rules.topicMember,
  { subject: "topicId" },
);
