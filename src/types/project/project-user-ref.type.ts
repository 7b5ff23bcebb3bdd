import { Directive, Field, Float, ObjectType } from "type-graphql";
import { UserRef } from "../people/user-ref.type";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";

@Directive("@shareable")
@ObjectType({ description: "A user in a project context: project members, checklist leaders, file authors." })
export class ProjectUserRef extends UserRef {
  @Field(() => Float, {
    nullable: true,
    description:
      "The user's default hourly rate, if set; null unless the caller is an admin, finance or a manager of the project it is shown in (never a role in its hideHourlyRateForRoles).",
  })
  @VisibleTo(rules.rate)
  hourlyRate!: number | null;

  @Field({ description: "Whether the user is external (not staff)." })
  isExternal!: boolean;

  @Field({ description: "The user's colour, #rrggbb." })
  decorator!: string;
}
