import { Directive, Field, ObjectType } from "type-graphql";
import { IdName } from "../shared/id-name.type";
import { Identified } from "../shared/named.type";

@Directive('@key(fields: "id")')
@ObjectType({ description: "A user's membership in a department." })
export class UserDepartment extends Identified("membership") {
  @Field({ description: "Whether the user leads this department." })
  isLeader!: boolean;

  @Field(() => IdName, { description: "The department." })
  department!: IdName;
}
