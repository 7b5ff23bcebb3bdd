import { Field, InputType } from "type-graphql";

@InputType({ description: "E1: changes of a chat topic member's mute settings; absent fields stay as they are." })
export class UpdateAssignedChatTopicUserInput {
  @Field(() => Date, { nullable: true, description: "Mute the topic until this moment; null unmutes (ends a timed mute)." })
  mutedUntil?: Date | null;

  @Field(() => Boolean, { nullable: true, description: "Mute the topic with no end (true) or lift that (false). Null is not accepted." })
  isMutedIndefinitely?: boolean | null;
}
