import type { ReadDb } from "../../db/kysely";
import type { AssignedChatTopicUser } from "../../types/chat/assigned-chat-topic-user.type";
import { inList, toBool, toDate, toDateRequired } from "../../db/row-values";
import { toUserRef, userRefJson, userRefOf } from "../shared/user-refs";
import { defineEntity } from "../../federation/entity-registry";

/** The chat area's reads: topic memberships by id in ONE statement, the member's summary as JSON. */
export async function readAssignedChatTopicUsers(read: ReadDb, ids: readonly string[]): Promise<AssignedChatTopicUser[]> {
  if (ids.length === 0) return [];
  const { db, kind } = read;
  const rows = await db
    .selectFrom("AssignedChatTopicUser as a")
    .select(["a.id", "a.lastReadMessageId", "a.lastReadAt", "a.mutedUntil", "a.isMutedIndefinitely", "a.isTopicOwner", "a.isUnread", "a.createdAt"])
    .select((eb) => userRefJson(kind, eb, "a.userId").as("user"))
    .where((eb) => inList(kind, eb.ref("a.id"), [...new Set(ids)]))
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

// ─── entities: the area's @key types, loaded by the reads above (listed in src/schema/registry.ts) ───

export const assignedChatTopicUserEntity = defineEntity<AssignedChatTopicUser>({
  typeName: "AssignedChatTopicUser",
  loadMany: (_db, ids, _viewer, read) => readAssignedChatTopicUsers(read, ids),
});
