import { Field, ID, InputType } from "type-graphql";
import { Optional } from "../../types/shared/fields";

@InputType({
  description:
    "E2: how to mark a chat topic read for a member. id, chatTopic and chatUser identify the membership and, when given, must match it; createdAt is server data and is ignored.",
})
export class ReadChatTopicInput {
  @Optional(ID, "Id of the membership; when given it must be the addressed membership's id.")
  id?: string | null;

  @Optional(ID, "The topic; when given it must equal topicId.")
  chatTopic?: string | null;

  @Optional(ID, "The member; when given it must equal userId.")
  chatUser?: string | null;

  @Optional(ID, "The last message read, a message of this topic. Absent or null: the topic's latest message.")
  lastReadMessage?: string | null;

  @Optional(Date, "When the topic was read. Absent or null: now.")
  lastReadAt?: Date | null;

  @Optional(Date, "Read-only (when the member joined): accepted and ignored.")
  createdAt?: Date | null;

  @Optional(Date, "Also mute the topic until this moment; null unmutes; absent leaves it.")
  mutedUntil?: Date | null;

  @Optional(Boolean, "Also mute with no end (true) or lift that (false); absent leaves it.")
  isMutedIndefinitely?: boolean | null;

  @Field({ nullable: false, defaultValue: false, description: "Whether the topic stays marked unread afterwards (default false)." })
  isUnread?: boolean;
}
