import { Directive, Field, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";

// A value type, not an entity: a projection of User whose id is the user's, so a supergraph
// reaches the person through User; @shareable lets other subgraphs return the same summary.
@Directive("@shareable")
@ObjectType({ description: "A user chosen in a users custom field." })
export class CustomFieldUser extends Identified("user", "'s") {
  @Field({ description: "First name." })
  firstName!: string;

  @Field({ description: "Last name." })
  lastName!: string;

  @Field({ description: "E-mail address." })
  email!: string;

  @Field({ description: "URL of the small avatar, empty when none." })
  pictureSm!: string;
}
