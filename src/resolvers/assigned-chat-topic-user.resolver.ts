import { Arg, Ctx, ID, Mutation, Resolver } from "type-graphql";
import { viewerOf, type Context } from "../context";
import { ReadChatTopicInput } from "../inputs/chat/read-chat-topic.input";
import { UpdateAssignedChatTopicUserInput } from "../inputs/chat/update-assigned-chat-topic-user.input";
import { AssignedChatTopicUser } from "../types/chat/assigned-chat-topic-user.type";
import { readChatTopic, updateAssignedChatTopicUser } from "../services/chat/assigned-chat-topic-user.service";

@Resolver(() => AssignedChatTopicUser)
export class AssignedChatTopicUserResolver {
  @Mutation(() => AssignedChatTopicUser, {
    nullable: true,
    description:
      "E1: changes a chat topic member's mute settings (absent fields stay). Allowed to the member, an owner of the topic, or an admin.",
  })
  updateAssignedChatTopicUser(
    @Arg("topicId", () => ID, { description: "The chat topic." }) topicId: string,
    @Arg("userId", () => ID, { description: "The member whose settings change." }) userId: string,
    @Arg("input", () => UpdateAssignedChatTopicUserInput, { description: "The changes." }) input: UpdateAssignedChatTopicUserInput,
    @Ctx() ctx: Context,
  ): Promise<AssignedChatTopicUser> {
    return updateAssignedChatTopicUser(ctx.db, viewerOf(ctx), topicId, userId, input);
  }

  @Mutation(() => AssignedChatTopicUser, {
    nullable: true,
    description:
      "E2: marks a chat topic read for a member: last read message (given or latest), read time (given or now), isUnread (default false). Allowed to the member, an owner of the topic, or an admin.",
  })
  readChatTopic(
    @Arg("topicId", () => ID, { description: "The chat topic." }) topicId: string,
    @Arg("userId", () => ID, { description: "The member who read it." }) userId: string,
    @Ctx() ctx: Context,
    @Arg("input", () => ReadChatTopicInput, { nullable: true, description: "Details of the read; all optional." }) input?: ReadChatTopicInput,
  ): Promise<AssignedChatTopicUser> {
    return readChatTopic(ctx.db, viewerOf(ctx), topicId, userId, input);
  }
}
