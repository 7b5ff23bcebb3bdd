import { Directive, Field, ID, ObjectType } from "type-graphql";
import { RiskUserRef } from "../project/risk-user-ref.type";

@Directive("@shareable")
@ObjectType({ description: "A user as shown on chat topic assignments and invoices." })
export class UserRef extends RiskUserRef {
  @Field({ description: "Whether the user may log in." })
  canLogIn!: boolean;

  @Field(() => ID, { nullable: true, description: "Id of the contractor (company) the user belongs to, if any." })
  contractorId!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's contractor, if any." })
  contractorName!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's job position, if any." })
  jobPositionName!: string | null;
}
