import { Directive, Field, ID, Int, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";
import { OpenSet } from "../shared/open-set";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A milestone: a dated point of a project, optionally within a stage." })
export class Milestone extends Identified("milestone", "'s") {
  @Field(() => ID, { description: "Id of the milestone's project." })
  project!: string;

  @Field(() => ID, { nullable: true, description: "Id of the milestone's stage; null for a milestone of the whole project." })
  stage!: string | null;

  @Field(() => Int, { description: "Position among milestones on the same date (lower first)." })
  weight!: number;

  @Field({ description: "The milestone's name." })
  name!: string;

  @Field(() => Date, { description: "When the milestone falls." })
  dateStart!: Date;

  @Field({ description: "What the milestone marks; empty when not described." })
  description!: string;

  @OpenSet("The milestone's status (todo, done, ...).")
  status!: string;
}
