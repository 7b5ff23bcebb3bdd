import { Field, ObjectType } from "type-graphql";

@ObjectType({ description: "What the caller may do with a vacation." })
export class VacationPermissions {
  @Field({
    description: "Whether the caller may accept, reject or change it: an admin, or a leader of one of the vacation owner's departments.",
  })
  canManage!: boolean;
}
