import { Directive, Field, Float, ObjectType } from "type-graphql";
import { ProjectUserRef } from "../people/user-summaries.type";
import { VisibleTo } from "../../auth/visibility";
import { rules } from "../../auth/rules";
import { Identified } from "../shared/named.type";
import { OpenSet } from "../shared/open-set";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user's assignment to a project, with their role in it." })
export class AssignedProjectUser extends Identified("assignment", "'s") {
  @Field(() => ProjectUserRef, { description: "The assigned user." })
  projectUser!: ProjectUserRef;

  @OpenSet("The user's role in the project: pm-active, pm-passive, member, none...")
  role!: string;

  @Field(() => Float, {
    nullable: true,
    description:
      "The user's hourly rate in this project, if set; null unless the caller is an admin, finance or a manager of the project (never a role in its hideHourlyRateForRoles).",
  })
  @VisibleTo(rules.rate)
  hourlyRate!: number | null;

  @Field({ description: "Whether the user may report time on the project's tasks." })
  canReportTime!: boolean;
}
