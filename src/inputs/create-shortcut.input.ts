import { IsNotEmpty, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";

@InputType({ description: "E20: a new shortcut for the caller." })
export class CreateShortcutInput {
  @Field({ description: "Label, 1 to 50 characters." })
  @IsNotEmpty()
  @MaxLength(50)
  name!: string;

  @Field({ description: "Address of the view, 1 to 255 characters." })
  @IsNotEmpty()
  @MaxLength(255)
  viewUrl!: string;

  @Field({ description: "Whether it opens in a new browser tab." })
  isOpenedInNewTab!: boolean;
}
