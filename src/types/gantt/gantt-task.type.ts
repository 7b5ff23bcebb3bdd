import { Field, ID, Int, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";
import { OpenSet } from "../shared/open-set";

@ObjectType({ description: "A task of the project as a gantt bar." })
export class GanttTask extends Named("task", "'s") {
  @Field(() => Int, { description: "Number of the task on its board." })
  no!: number;

  @Field({ description: "The task's short code, unique." })
  shortCode!: string;

  @Field(() => Date, { nullable: true, description: "Start of the task; null when not planned." })
  dateStart!: Date | null;

  @Field(() => Date, { nullable: true, description: "End (deadline) of the task; null when not planned." })
  dateEnd!: Date | null;

  @Field(() => ID, { description: "Id of the task's project." })
  project!: string;

  @Field(() => ID, { description: "Id of the task's board." })
  board!: string;

  @Field(() => Date, { nullable: true, description: "When the task was finished; null while it is not." })
  finishedAt!: Date | null;

  @Field({ description: "Status of the board column the task is in (todo, in-progress, done, ...)." })
  columnStatus!: string;

  @Field({ description: "Colour of the board column the task is in, #rrggbb." })
  columnDecorator!: string;

  @OpenSet("The task's status (in-preparation, ...).")
  status!: string;

  @Field(() => Int, { description: "Position among tasks with the same dates (lower first)." })
  weight!: number;
}
