import { Length } from "class-validator";
import { ID, InputType } from "type-graphql";
import { Optional, OptionalText } from "../../types/shared/fields";

@InputType({
  description:
    "E3: a partial change of a stage. An absent field stays as it is; null clears a nullable field (description, stageType) and is refused for the others.",
})
export class UpdateStageInput {
  @Optional(String, "New name, 1 to 100 characters; null is refused.")
  @Length(1, 100)
  name?: string | null;

  @OptionalText(100_000, "New description", "; null clears it")
  description?: string | null;

  @Optional(Boolean, "Whether removals record who removed; null is refused.")
  isBlameableRemovalEnabled?: boolean | null;

  @Optional(ID, "Id of an existing stage type (NOT_FOUND otherwise); null clears the type.")
  stageType?: string | null;

  @Optional(Date, "New start; null is refused. The end must not come before the start.")
  dateStart?: Date | null;

  @Optional(Date, "New end, not before the start (as it stands after this change); null is refused.")
  dateEnd?: Date | null;
}
