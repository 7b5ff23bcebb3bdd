import { Field, Float, ID, Int, ObjectType } from "type-graphql";
import { IdNameDecorator } from "../shared/id-name-decorator.type";
import { Named } from "../shared/named.type";
import { OpenSet } from "../shared/open-set";

@ObjectType({ description: "A board of the project as a gantt bar." })
export class GanttBoard extends Named("board", "'s") {
  @OpenSet("The board's status (in-preparation, ...).")
  status!: string;

  @Field({ description: "The board's short code, unique; task short codes start with it." })
  shortCode!: string;

  @Field(() => Date, { description: "Start of the board." })
  dateStart!: Date;

  @Field(() => Date, { description: "End of the board." })
  dateEnd!: Date;

  @Field(() => Float, {
    description: "Share of the board's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.",
  })
  progress!: number;

  @Field(() => Int, { description: "Position among boards with the same dates (lower first)." })
  weight!: number;

  @Field(() => ID, {
    nullable: true,
    description: "Id of the board's stage; null for a board outside stages (the board of a simple project).",
  })
  stage!: string | null;

  @Field(() => IdNameDecorator, { nullable: true, description: "The board's type, if set." })
  boardType!: IdNameDecorator | null;
}
