import { ObjectType } from "type-graphql";
import { Collection } from "../shared/collection.type";
import { TaskChecklist } from "./task-checklist.type";

@ObjectType({ description: "A page of a task's checklists." })
export class TaskChecklistCollection extends Collection(TaskChecklist) {}
