import { Int, ObjectType } from "type-graphql";
import { ProjectUserRef } from "../people/user-summaries.type";
import { Named, Identified, Entity } from "../shared/named.type";
import { Collection } from "../shared/collection.type";
import { Optional, FirstOf, Required } from "../shared/fields";

@Entity("One line of a task checklist: something to do, ticked off when done.")
export class TaskChecklistItem extends Identified("item", "'s") {
  @Required(String, "What is to be done.")
  name!: string;

  @Required(Boolean, "Whether the item is done.")
  isChecked!: boolean;

  @Required(Int, "Position within its checklist; items are listed by ascending weight.")
  weight!: number;
}

@Entity("A named checklist of a task, with its items and the person leading it.")
export class TaskChecklist extends Named("checklist", "'s", "of") {
  @Required(Int, "Position among the task's checklists; checklists are listed by ascending weight.")
  weight!: number;

  @FirstOf(TaskChecklistItem, 40, "The checklist's items, by ascending weight (ties by id)")
  taskChecklistItems!: TaskChecklistItem[];

  @Optional(ProjectUserRef, "The user leading the checklist, or null when nobody does.")
  leader!: ProjectUserRef | null;
}

@ObjectType({ description: "A page of a task's checklists." })
export class TaskChecklistCollection extends Collection(TaskChecklist) {}
