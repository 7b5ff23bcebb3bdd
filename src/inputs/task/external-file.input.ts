import { IsIn, IsUrl, Length, MaxLength } from "class-validator";
import { InputType } from "type-graphql";
import { Required } from "../../types/shared/fields";

/** Sources a file can be registered from through E13; content the service stores itself arrives by another route. */
export const EXTERNAL_FILE_SOURCES = ["link"] as const;

@InputType({ description: "One file to register by its external address." })
export class ExternalFileInput {
  @Required(
    String,
    "Where the file lives; only link (an external address) is accepted. A String, not an enum: the interface calls the set open (observed values).",
  )
  @IsIn(EXTERNAL_FILE_SOURCES)
  source!: string;

  @Required(String, "The file's absolute http or https address, at most 2048 characters.")
  @MaxLength(2048)
  @IsUrl(
    { protocols: ["http", "https"], require_protocol: true, require_host: true, require_tld: false, allow_underscores: true },
    { message: "path must be an absolute http or https URL" },
  )
  path!: string;

  @Required(String, "Name to show for the file, 1 to 255 characters; its extension, if any, gives the file's extension.")
  @Length(1, 255)
  displayedName!: string;
}
