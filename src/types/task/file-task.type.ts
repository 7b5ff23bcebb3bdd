import { Field, ID, Int, ObjectType } from "type-graphql";
import { Named } from "../shared/named.type";

@ObjectType({ description: "The task a file belongs to, with where it sits (board, stage, project)." })
export class FileTask extends Named("task", "'s") {
  @Field({ description: "The task's short code, unique (board short code and number)." })
  shortCode!: string;

  @Field(() => Int, { description: "Number of the task on its board." })
  no!: number;

  @Field(() => ID, { description: "Id of the task's project." })
  project!: string;

  @Field({ description: "Short code of the task's project." })
  projectShortCode!: string;

  @Field({ description: "Name of the task's project." })
  projectName!: string;

  @Field({ description: "Whether the task's project is a simple project (a single board, no stages to manage)." })
  projectIsSimple!: boolean;

  @Field(() => ID, { nullable: true, description: "Id of the task's stage; null when the task is not in a stage." })
  stage!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the task's stage; null when the task is not in a stage." })
  stageName!: string | null;

  @Field(() => ID, { description: "Id of the task's board." })
  board!: string;

  @Field({ description: "Short code of the task's board." })
  boardShortCode!: string;

  @Field({ description: "Name of the task's board." })
  boardName!: string;
}
