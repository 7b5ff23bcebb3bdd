import type { DbTx, Prisma } from "../../db/client";
import type { AuthedContext } from "../../context";
import { policy } from "../../auth/policy";
import { rules } from "../../auth/rules";
import type { UpdateAssignedChatTopicUserInput } from "../../inputs/chat/update-assigned-chat-topic-user.input";
import type { ReadChatTopicInput } from "../../inputs/chat/read-chat-topic.input";
import { NotFoundError } from "../../errors/errors";
import { badInput } from "../shared/violations";
/**
 * The membership of `userId` in `topicId`, if the caller may change it (the rule and its answers
 * are rules.changeMembership in src/auth/rules.ts).
 */
async function changeableMembership(ctx: AuthedContext, tx: DbTx, topicId: string, userId: string): Promise<{ id: string }> {
  const target = await tx.assignedChatTopicUser.findUnique({ where: { topicId_userId: { topicId, userId } }, select: { id: true } });
  await policy.require(ctx, rules.changeMembership, { topicId, userId, exists: target !== null }, tx);
  // one answer (and one field) for a missing topic, a missing membership and a caller outside the topic
  if (!target) throw new NotFoundError("Chat topic membership", undefined, "userId");
  return target;
}

/** The mute part of an input: absent fields stay, `mutedUntil: null` unmutes, `isMutedIndefinitely: null` is refused. */
function muteChanges(input: {
  mutedUntil?: Date | null;
  isMutedIndefinitely?: boolean | null;
}): Prisma.AssignedChatTopicUserUncheckedUpdateInput {
  const data: Prisma.AssignedChatTopicUserUncheckedUpdateInput = {};
  if (input.mutedUntil !== undefined) data.mutedUntil = input.mutedUntil;
  if (input.isMutedIndefinitely === null) {
    throw badInput("input.isMutedIndefinitely", "isBoolean", "isMutedIndefinitely must be true or false; leave it out to keep it");
  }
  if (input.isMutedIndefinitely !== undefined) data.isMutedIndefinitely = input.isMutedIndefinitely;
  return data;
}

/** E1: partial update of a member's mute settings. */
export async function updateAssignedChatTopicUser(
  ctx: AuthedContext,
  topicId: string,
  userId: string,
  input: UpdateAssignedChatTopicUserInput,
): Promise<string> {
  return ctx.db.$transaction(async (tx) => {
    const membership = await changeableMembership(ctx, tx, topicId, userId);
    await tx.assignedChatTopicUser.update({ where: { id: membership.id }, data: muteChanges(input), select: { id: true } });
    return membership.id;
  });
}

const sameId = (given: string, actual: string): boolean => given.toLowerCase() === actual.toLowerCase();

/**
 * E2: marks the topic read for the member. The last read message is the given one (a message of
 * this topic) or the topic's latest; the read time is the given one or now; `isUnread` is the
 * given value (default false). The mute fields of the body apply as in E1.
 */
export async function readChatTopic(
  ctx: AuthedContext,
  topicId: string,
  userId: string,
  input: ReadChatTopicInput | null | undefined,
  now: Date = new Date(),
): Promise<string> {
  const body = input ?? {};
  return ctx.db.$transaction(async (tx) => {
    const membership = await changeableMembership(ctx, tx, topicId, userId);
    // identity fields are the server's own data: a client may echo them, not change them
    if (body.id != null && !sameId(body.id, membership.id)) {
      throw badInput("input.id", "matchesMembership", "id must be the id of the addressed membership");
    }
    if (body.chatTopic != null && !sameId(body.chatTopic, topicId)) {
      throw badInput("input.chatTopic", "equalsTopicId", "chatTopic must be the topic addressed by topicId");
    }
    if (body.chatUser != null && !sameId(body.chatUser, userId)) {
      throw badInput("input.chatUser", "equalsUserId", "chatUser must be the user addressed by userId");
    }
    const data = {
      ...muteChanges(body),
      lastReadMessageId: await lastReadMessageId(tx, topicId, body.lastReadMessage),
      lastReadAt: body.lastReadAt ?? now,
      isUnread: body.isUnread ?? false,
    };
    await tx.assignedChatTopicUser.update({ where: { id: membership.id }, data, select: { id: true } });
    return membership.id;
  });
}

/**
 * The given message, else the topic's latest. A given id that is no message is NOT_FOUND on
 * `input.lastReadMessage`; a message of another topic is BAD_USER_INPUT on the same field.
 */
async function lastReadMessageId(tx: DbTx, topicId: string, given: string | null | undefined): Promise<string | null> {
  if (given != null) {
    const message = await tx.chatMessage.findUnique({ where: { id: given.toLowerCase() }, select: { id: true, topicId: true } });
    if (!message) throw new NotFoundError("Chat message", given, "input.lastReadMessage");
    if (!sameId(message.topicId, topicId)) {
      throw badInput("input.lastReadMessage", "belongsToTopic", "lastReadMessage must be a message of this chat topic");
    }
    return message.id;
  }
  const latest = await tx.chatMessage.findFirst({
    where: { topicId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return latest?.id ?? null;
}
