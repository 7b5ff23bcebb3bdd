import { ID } from "type-graphql";
import { UserRef } from "../people/user-summaries.type";
import { Identified, Entity } from "../shared/named.type";
import { Optional, Required } from "../shared/fields";

@Entity("A user's membership in a chat topic, with their read and mute state.")
export class AssignedChatTopicUser extends Identified("membership") {
  @Required(UserRef, "The member.")
  chatUser!: UserRef;

  @Optional(ID, "Id of the last message of the topic the member has read; null when none.")
  lastReadMessage!: string | null;

  @Optional(Date, "When the member last read the topic; null when never.")
  lastReadAt!: Date | null;

  @Optional(Date, "Notifications of the topic are muted for the member until this moment; null when not.")
  mutedUntil!: Date | null;

  @Required(Boolean, "Whether the member muted the topic with no end.")
  isMutedIndefinitely!: boolean;

  @Required(Boolean, "Whether the member owns the topic (may manage other members' settings).")
  isTopicOwner!: boolean;

  @Required(Boolean, "Whether the topic is marked unread for the member.")
  isUnread!: boolean;

  @Required(Date, "When the member joined the topic.")
  createdAt!: Date;
}
