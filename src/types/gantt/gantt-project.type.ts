import { Field, Float, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";
import { OpenSet } from "../shared/open-set";

@ObjectType({ description: "The project as the gantt chart heads it." })
export class GanttProject extends Named("project", "'s") {
  @Field(() => Date, { nullable: true, description: "When work actually started; null until it has." })
  dateStart!: Date | null;

  @Field(() => Date, { nullable: true, description: "When work actually ended; null until it has." })
  dateEnd!: Date | null;

  @Field(() => Date, { description: "Planned start." })
  dateStartPlanned!: Date;

  @Field(() => Date, { description: "Planned end." })
  dateEndPlanned!: Date;

  @OpenSet("The project's status (in-preparation, open, ...).")
  status!: string;

  @Field({ description: "The project's short code, unique." })
  shortCode!: string;

  @Field(() => Float, {
    description: "Share of the project's tasks that are finished (finishedAt set), from 0 to 1; 0 when it has no tasks.",
  })
  progress!: number;

  @Field({ description: "Whether removing the project's objects records who removed them." })
  isBlameableRemovalEnabled!: boolean;
}
