import { ObjectType } from "type-graphql";
import { Collection } from "../shared/collection.type";
import { User } from "./user.type";

@ObjectType({ description: "A page of users." })
export class UserCollection extends Collection(User) {}
