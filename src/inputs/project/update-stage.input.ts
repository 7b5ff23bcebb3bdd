import { Length } from "class-validator";
import { Field, ID, InputType } from "type-graphql";
import { OptionalText } from "../shared/fields";

@InputType({
  description:
    "E3: a partial change of a stage. An absent field stays as it is; null clears a nullable field (description, stageType) and is refused for the others.",
})
export class UpdateStageInput {
  @Field(() => String, { nullable: true, description: "New name, 1 to 100 characters; null is refused." })
  @Length(1, 100)
  name?: string | null;

  @OptionalText(100_000, "New description", "; null clears it")
  description?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Whether removals record who removed; null is refused." })
  isBlameableRemovalEnabled?: boolean | null;

  @Field(() => ID, { nullable: true, description: "Id of an existing stage type (NOT_FOUND otherwise); null clears the type." })
  stageType?: string | null;

  @Field(() => Date, { nullable: true, description: "New start; null is refused. The end must not come before the start." })
  dateStart?: Date | null;

  @Field(() => Date, { nullable: true, description: "New end, not before the start (as it stands after this change); null is refused." })
  dateEnd?: Date | null;
}
