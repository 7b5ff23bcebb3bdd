import { Field, Float, Int, ObjectType } from "type-graphql";
import { IdNameDecorator } from "../shared/id-name-decorator.type";
import { Named } from "../shared/named.type";
import { OpenSet } from "../shared/open-set";

@ObjectType({ description: "A stage of the project as a gantt bar." })
export class GanttStage extends Named("stage", "'s") {
  @OpenSet("The stage's status (in-preparation, ...).")
  status!: string;

  @Field(() => Date, { description: "Start of the stage." })
  dateStart!: Date;

  @Field(() => Date, { description: "End of the stage." })
  dateEnd!: Date;

  @Field(() => Float, {
    description: "Share of the stage's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.",
  })
  progress!: number;

  @Field(() => Int, { description: "Position among stages with the same dates (lower first)." })
  weight!: number;

  @Field({ description: "Whether removing the stage's objects records who removed them." })
  isBlameableRemovalEnabled!: boolean;

  @Field(() => IdNameDecorator, { nullable: true, description: "The stage's type, if set." })
  stageType!: IdNameDecorator | null;
}
