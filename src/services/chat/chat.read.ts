import { AssignedChatTopicUser } from "../../types/chat/assigned-chat-topic-user.type";
import type { UserRef } from "../../types/people/user-ref.type";
import { toBool, toDate, toDateRequired } from "../../db/row-values";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { column, loadById, readModel, required } from "../shared/read-model";
import { userSummary } from "../shared/user-refs";
import { defineEntity } from "../../federation/entity-registry";

/** A member of a chat topic (`a`) with their summary; a membership whose user is gone is left out. */
const membershipModel = readModel<AssignedChatTopicUser>({
  id: column("a.id"),
  chatUser: { ...required(userSummary<UserRef>("a.userId")), always: true },
  lastReadMessage: column("a.lastReadMessageId"),
  lastReadAt: column("a.lastReadAt", toDate),
  mutedUntil: column("a.mutedUntil", toDate),
  isMutedIndefinitely: column("a.isMutedIndefinitely", toBool),
  isTopicOwner: column("a.isTopicOwner", toBool),
  isUnread: column("a.isUnread", toBool),
  createdAt: column("a.createdAt", toDateRequired),
});

// ─── entities: the area's @key types with their read rules (listed in the area's index) ───

export const assignedChatTopicUserEntity = defineEntity(AssignedChatTopicUser, {
  read: readBy(rules.topicMember, "AssignedChatTopicUser", () => "e.topicId"),
  loadMany: loadById(membershipModel, "AssignedChatTopicUser as a", { keep: (a) => a.chatUser !== null }),
});
