import { ObjectType } from "type-graphql";
import { Named } from "./named.type";

@ObjectType({ description: "A referenced object by id and name (category, tag, department, contractor...)." })
export class IdName extends Named("referenced object", "of", "its") {}
