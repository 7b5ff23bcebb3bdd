import { ObjectType } from "type-graphql";
import { Collection } from "../shared/collection.type";
import { TaskComment } from "./task-comment.type";

@ObjectType({ description: "A page of task comments." })
export class TaskCommentCollection extends Collection(TaskComment) {}
