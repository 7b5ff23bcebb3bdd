import { Directive, Field, ID, ObjectType } from "type-graphql";

// A value type, not an entity: a projection of User whose id is the user's, so a supergraph
// reaches the person through User; @shareable lets other subgraphs return the same summary.
@Directive("@shareable")
@ObjectType({ description: "A user as shown on chat topic assignments and invoices." })
export class UserRef {
  @Field(() => ID, { description: "The user's id." })
  id!: string;

  @Field({ description: "The user's short code (initials-like handle)." })
  shortCode!: string;

  @Field({ description: "First name." })
  firstName!: string;

  @Field({ description: "Last name." })
  lastName!: string;

  @Field({ description: "E-mail address." })
  email!: string;

  @Field({ description: "Phone number, empty when unknown." })
  phoneNumber!: string;

  @Field({ description: "URL of the small avatar, empty when none." })
  pictureSm!: string;

  @Field({ description: "URL of the large avatar, empty when none." })
  pictureLg!: string;

  @Field({ description: "Whether the user may log in." })
  canLogIn!: boolean;

  @Field(() => ID, { nullable: true, description: "Id of the contractor (company) the user belongs to, if any." })
  contractorId!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's contractor, if any." })
  contractorName!: string | null;

  @Field(() => String, { nullable: true, description: "Name of the user's job position, if any." })
  jobPositionName!: string | null;
}
