/**
 * Object types that carry an `id` but are deliberately NOT federation entities. Every other
 * object type with an `id: ID!` must have `@key(fields: "id")` and a registered reference
 * resolver (test/federation-entities.test.ts checks both).
 *
 * A type belongs here when its `id` is not its own: it is the id of another object, so a
 * reference `{ __typename, id }` could not say what to load, or would load a second copy of
 * an object the supergraph already knows as an entity. A type that becomes an entity leaves
 * this list (the audit reports a listed type that has `@key`).
 */

/**
 * The user summaries: projections of `User` (a few of its fields) whose `id` is the user's id.
 * A supergraph reaches the person through the `User` entity; the summaries are `@shareable` so
 * that another subgraph may return the same summary types with the same fields.
 */
export const USER_SUMMARY_TYPES = [
  "UserRef",
  "ProjectUserRef",
  "CalendarUserRef",
  "NoteUserRef",
  "TemplateUserRef",
  "RiskUserRef",
  "MiniUserRef",
  // the users chosen in a users custom field: id, names, e-mail, small picture
  "CustomFieldUser",
] as const;

/**
 * Generic references by id and name: the same type names a category, a department, a job
 * position, a stage type..., so its id alone does not say which table it belongs to.
 * `UserSsoProvider` is an SSO provider as seen from one user (`isUserLinked` belongs to the
 * link, the id to the provider).
 */
export const REFERENCE_VALUE_TYPES = ["IdName", "IdNameDecorator", "UserSsoProvider"] as const;

/**
 * Other objects as one operation shows them: a few fields of an entity (or of a non-entity
 * record) under that object's id. The full object, where the subgraph serves one, is the entity
 * of that id (`TaskCommentFile` -> `File`, `GanttProject` -> `Project`, ...).
 */
export const PROJECTION_VALUE_TYPES = [
  // a user looking after a contractor: the user's id
  "ContractorAttendant",
  // a contractor's custom field with its value: the definition's id
  "ContractorCustomField",
  // the task a file belongs to: the task's id
  "FileTask",
  // bars of a gantt chart: the project's, stage's, board's and task's ids
  "GanttProject",
  "GanttStage",
  "GanttBoard",
  "GanttTask",
  // where an invoice is booked: the project's, stage's, board's and task's ids
  "InvoiceFinanceProject",
  "InvoiceFinanceStage",
  "InvoiceFinanceBoard",
  "InvoiceFinanceTask",
  // a file as a comment shows it: the file's id
  "TaskCommentFile",
] as const;

export const VALUE_TYPES_WITH_ID: ReadonlySet<string> = new Set<string>([
  ...USER_SUMMARY_TYPES,
  ...REFERENCE_VALUE_TYPES,
  ...PROJECTION_VALUE_TYPES,
]);
