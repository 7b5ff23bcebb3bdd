import { ObjectType } from "type-graphql";
import { Collection } from "../shared/collection.type";
import { Vacation } from "./vacation.type";

@ObjectType({ description: "A page of vacations." })
export class VacationCollection extends Collection(Vacation) {}
