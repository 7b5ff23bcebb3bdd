import { Directive, Field, ID, ObjectType } from "type-graphql";
import { IdName } from "../shared/id-name.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user's membership in a department." })
export class UserDepartment {
  @Field(() => ID, { description: "Id of the membership." })
  id!: string;

  @Field({ description: "Whether the user leads this department." })
  isLeader!: boolean;

  @Field(() => IdName, { description: "The department." })
  department!: IdName;
}
