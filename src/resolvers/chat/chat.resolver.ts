import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import type { AuthedContext } from "../../context";
import { rules } from "../../auth/rules";
import { ReadChatTopicInput } from "../../inputs/chat/read-chat-topic.input";
import { UpdateAssignedChatTopicUserInput } from "../../inputs/chat/update-assigned-chat-topic-user.input";
import { AssignedChatTopicUser } from "../../types/chat/assigned-chat-topic-user.type";
import { readChatTopic, updateAssignedChatTopicUser } from "../../services/chat/assigned-chat-topic-user.service";
import { assignedChatTopicUserEntity } from "../../services/chat/chat.read";

@Resolver(() => AssignedChatTopicUser)
export class AssignedChatTopicUserResolver {
  @Mutation(() => AssignedChatTopicUser, {
    nullable: true,
    description:
      "E1: changes a chat topic member's mute settings (absent fields stay). Allowed to the member, an owner of the topic, or an admin.",
  })
  @Authorized(rules.changeMembership)
  async updateAssignedChatTopicUser(
    @Arg("topicId", () => ID, { description: "The chat topic." }) topicId: string,
    @Arg("userId", () => ID, { description: "The member whose settings change." }) userId: string,
    @Arg("input", () => UpdateAssignedChatTopicUserInput, { description: "The changes." }) input: UpdateAssignedChatTopicUserInput,
    @Ctx() ctx: AuthedContext,
  ): Promise<AssignedChatTopicUser | null> {
    return ctx.loaders.loadWritten(assignedChatTopicUserEntity, await updateAssignedChatTopicUser(ctx, topicId, userId, input));
  }

  @Mutation(() => AssignedChatTopicUser, {
    nullable: true,
    description:
      "E2: marks a chat topic read for a member: last read message (given or latest), read time (given or now), isUnread (default false). Allowed to the member, an owner of the topic, or an admin.",
  })
  @Authorized(rules.changeMembership)
  async readChatTopic(
    @Arg("topicId", () => ID, { description: "The chat topic." }) topicId: string,
    @Arg("userId", () => ID, { description: "The member who read it." }) userId: string,
    @Ctx() ctx: AuthedContext,
    @Arg("input", () => ReadChatTopicInput, { nullable: true, description: "Details of the read; all optional." })
    input?: ReadChatTopicInput,
  ): Promise<AssignedChatTopicUser | null> {
    return ctx.loaders.loadWritten(assignedChatTopicUserEntity, await readChatTopic(ctx, topicId, userId, input));
  }
}
