import { Directive, ObjectType } from "type-graphql";
import { Identified } from "../shared/named.type";
import { WithUserFields } from "./user-fields";

// A value type, not an entity: a projection of User whose id is the user's, so a supergraph
// reaches the person through User; @shareable lets other subgraphs return the same summary.
// The other six summaries extend this one (as their mappers in src/services/shared/user-refs.ts do).
@Directive("@shareable")
@ObjectType({ description: "The shortest user summary: comment and file authors, mentions, reactions." })
export class MiniUserRef extends WithUserFields(Identified("user", "'s"), ["firstName", "lastName", "pictureSm", "pictureLg"]) {}
