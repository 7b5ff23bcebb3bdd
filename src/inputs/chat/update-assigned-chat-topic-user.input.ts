import { InputType } from "type-graphql";
import { Optional } from "../../types/shared/fields";

@InputType({ description: "E1: changes of a chat topic member's mute settings; absent fields stay as they are." })
export class UpdateAssignedChatTopicUserInput {
  @Optional(Date, "Mute the topic until this moment; null unmutes (ends a timed mute).")
  mutedUntil?: Date | null;

  @Optional(Boolean, "Mute the topic with no end (true) or lift that (false). Null is not accepted.")
  isMutedIndefinitely?: boolean | null;
}
