import type { ReadPort } from "../../db/database";
import type { AssignedChatTopicUser } from "../../types/chat/assigned-chat-topic-user.type";
import { toBool, toDate, toDateRequired } from "../../db/row-values";
import { toUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { readBy } from "../../auth/rule";
import { rules } from "../../auth/rules";
import { defineEntity } from "../../federation/entity-registry";

/** The chat area's reads: topic memberships by id in ONE statement, the member's summary as JSON. */
export async function readAssignedChatTopicUsers(read: ReadPort, ids: readonly string[]): Promise<AssignedChatTopicUser[]> {
  if (ids.length === 0) return [];
  const { db } = read;
  const d = read;
  const rows = await db
    .selectFrom("AssignedChatTopicUser as a")
    .select(["a.id", "a.lastReadMessageId", "a.lastReadAt", "a.mutedUntil", "a.isMutedIndefinitely", "a.isTopicOwner", "a.isUnread", "a.createdAt"])
    .select((eb) => userRefJson(d, eb, "a.userId").as("user"))
    .where((eb) => d.inList(eb.ref("a.id"), [...new Set(ids)]))
    .execute();
  return rows.flatMap((row) => {
    const user = userRefOf(row.user);
    if (!user) return [];
    return [
      {
        id: row.id,
        chatUser: toUserRef(user),
        lastReadMessage: row.lastReadMessageId,
        lastReadAt: toDate(row.lastReadAt),
        mutedUntil: toDate(row.mutedUntil),
        isMutedIndefinitely: toBool(row.isMutedIndefinitely),
        isTopicOwner: toBool(row.isTopicOwner),
        isUnread: toBool(row.isUnread),
        createdAt: toDateRequired(row.createdAt),
      },
    ];
  });
}

// ─── entities: the area's @key types with their read rules, loaded by the reads above (listed in the area's index) ───

export const assignedChatTopicUserEntity = defineEntity<AssignedChatTopicUser>({
  typeName: "AssignedChatTopicUser",
  read: readBy(rules.topicMember, "AssignedChatTopicUser", () => "e.topicId"),
  loadMany: (read, ids) => readAssignedChatTopicUsers(read, ids),
});
