import { Directive, Field, ID, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A dependency drawn on a project's gantt chart between two of its stages, boards, tasks or milestones." })
export class GanttLink extends Identified("link", "'s") {
  @Field({ description: "Kind of dependency: fts (finish-to-start), ftf (finish-to-finish), sts (start-to-start), stf (start-to-finish)." })
  type!: string;

  @Field(() => ID, { description: "Id of the object the dependency starts from." })
  source!: string;

  @Field(() => ID, { description: "Id of the object that depends on the source." })
  target!: string;
}
