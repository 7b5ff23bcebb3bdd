import { Directive, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";
import { WithUserFields } from "../people/user-fields";

// A value type, not an entity: a projection of User whose id is the user's, so a supergraph
// reaches the person through User; @shareable lets other subgraphs return the same summary.
@Directive("@shareable")
@ObjectType({ description: "A user chosen in a users custom field." })
export class CustomFieldUser extends WithUserFields(Identified("user", "'s"), ["firstName", "lastName", "email", "pictureSm"]) {}
