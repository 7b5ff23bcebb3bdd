import { IsNotEmpty, MaxLength } from "class-validator";
import { InputType } from "type-graphql";
import { Required } from "../../types/shared/fields";
import { IsSafeUrl } from "../../validation/rules";

@InputType({ description: "E20: a new shortcut for the caller." })
export class CreateShortcutInput {
  @Required(String, "Label, 1 to 50 characters.")
  @IsNotEmpty()
  @MaxLength(50)
  name!: string;

  @Required(String, "Address of the view, 1 to 255 characters: an http(s) address or a relative path (no javascript: or other schemes).")
  @IsNotEmpty()
  @MaxLength(255)
  @IsSafeUrl()
  viewUrl!: string;

  @Required(Boolean, "Whether it opens in a new browser tab.")
  isOpenedInNewTab!: boolean;
}
