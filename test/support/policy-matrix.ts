/**
 * The access matrix: for each root field, each entity reached through `_entities` and each
 * sensitive field, what each kind of caller gets on the demo data. This one structure renders
 * the README table ("Who may see and do what") and drives test/policy-matrix.test.ts, which
 * runs every cell through GraphQL with a real token of that persona. The rules themselves are
 * code in policy.ts and visibility.ts; this table states their answers.
 */

export const PERSONAS = ["anonymous", "external", "user", "pmOfProject", "pmElsewhere", "finance", "hr", "admin"] as const;
export type Persona = (typeof PERSONAS)[number];

export const PERSONA_TITLES: Record<Persona, string> = {
  anonymous: "anonymous",
  external: "external user",
  user: "ordinary user",
  pmOfProject: "PM of that project",
  pmElsewhere: "PM elsewhere",
  finance: "finance",
  hr: "HR",
  admin: "admin",
};

/**
 * One answer: `401` UNAUTHENTICATED, `ok` allowed (a root field answers, an entity resolves, a
 * field shows its value), `FORBIDDEN`, `NOT_FOUND`, `null` (an entity or field hidden).
 */
export type Answer = "401" | "ok" | "FORBIDDEN" | "NOT_FOUND" | "null";

export interface MatrixRow {
  /** the row's key, shown in the README and used by the test */
  subject: string;
  kind: "root" | "entity" | "field";
  /** the rule in words */
  rule: string;
  answers: Record<Persona, Answer>;
}

const CODES: Record<string, Answer> = { U: "401", Y: "ok", F: "FORBIDDEN", N: "NOT_FOUND", "0": "null" };

/** `"U F Y Y F Y F Y"`: one letter per persona, in PERSONAS order. */
function cells(spec: string): Record<Persona, Answer> {
  const letters = spec.split(" ");
  if (letters.length !== PERSONAS.length) throw new Error(`bad matrix row ${spec}`);
  return Object.fromEntries(PERSONAS.map((p, i) => [p, CODES[letters[i]]])) as Record<Persona, Answer>;
}

const row = (kind: MatrixRow["kind"], subject: string, spec: string, rule: string): MatrixRow => ({ kind, subject, rule, answers: cells(spec) });
const root = (subject: string, spec: string, rule: string) => row("root", subject, spec, rule);
const entity = (subject: string, spec: string, rule: string) => row("entity", subject, spec, rule);
const field = (subject: string, spec: string, rule: string) => row("field", subject, spec, rule);

const STAFF_OR_MEMBER = "staff; an external user only in projects they are assigned to";

// In the demo data the external user (the client's project lead) is assigned to the demo project
// with role `none`; "another project" is the demo simple project, where they are not.
// The demo project hides hourly rates from its roles `member` and `none`.
export const POLICY_MATRIX: MatrixRow[] = [
  root("E1 updateAssignedChatTopicUser", "U N Y Y N N N Y", "the member, the topic's owner, admins; a caller outside the topic gets NOT_FOUND, as for a missing topic"),
  root("E2 readChatTopic", "U N Y Y N N N Y", "as E1"),
  root("E3 updateStage", "U F F Y F F F Y", "admins and the project's managers (pm-active, pm-passive)"),
  root("E4 createInvoice (booked to the project)", "U F F Y F Y F Y", "admins, finance, and managers of the project the invoice is booked to"),
  root("E5 createProject", "U F F Y Y F F Y", "admins and holders of the pm role"),
  root("E6 taskChecklists", "U Y Y Y Y Y Y Y", STAFF_OR_MEMBER),
  root("E6 taskChecklists (another project)", "U N Y Y Y Y Y Y", STAFF_OR_MEMBER + "; otherwise NOT_FOUND"),
  root("E7 vacations", "U F Y Y Y Y Y Y", "staff (the calendar is internal)"),
  root("E8 users", "U Y Y Y Y Y Y Y", "any signed-in user; contact and security fields by their own rules"),
  root("E9 projectTemplate (public)", "U F Y Y Y Y Y Y", "staff"),
  root("E9 projectTemplate (private, someone else's)", "U F F F F F F Y", "its author and admins"),
  root("E10 assignBoardUser", "U F F Y F F F Y", "admins and the project's managers"),
  root("E11 replaceRisk", "U F F Y F F F Y", "admins and the project's managers (of both projects when moving)"),
  root("E12 sharedTaskComments", "U Y Y Y Y Y Y Y", "any signed-in user holding the task's share token"),
  root("E13 uploadExternalFiles", "U Y Y Y F F F Y", "admins and members of the target's project (any role)"),
  root("E14 note", "U F Y Y Y Y Y Y", "staff (CRM is internal)"),
  root("E15 projectGantt", "U Y Y Y Y Y Y Y", STAFF_OR_MEMBER),
  root("E15 projectGantt (another project)", "U N Y Y Y Y Y Y", STAFF_OR_MEMBER + "; otherwise NOT_FOUND"),
  root("E16 timesheetByUser (someone else's)", "U F Y Y Y Y Y Y", "staff; an external user only their own time"),
  root("E16 timesheetByUser (own)", "U Y Y Y Y Y Y Y", "everyone their own"),
  root("E17 projectSettings", "U Y Y Y Y Y Y Y", STAFF_OR_MEMBER),
  root("E17 projectSettings (another project)", "U N Y Y Y Y Y Y", STAFF_OR_MEMBER + "; otherwise NOT_FOUND"),
  root("E18 createCurrencyDictionary", "U F F F F Y F Y", "admins and finance (a new default currency changes every invoice)"),
  root("E19 updateTaskType", "U F F Y Y F F Y", "admins and holders of the pm role"),
  root("E20 createShortcut", "U Y Y Y Y Y Y Y", "any signed-in user, for themself"),

  entity("Project", "U Y Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("Project (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("ProjectGantt (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("ProjectSettings (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("Stage (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("Milestone (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("GanttLink (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("Risk (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("AssignedProjectUser (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("AssignedBoardUser (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("TaskChecklist (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("TaskChecklistItem (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("File (another project)", "U 0 Y Y Y Y Y Y", STAFF_OR_MEMBER),
  entity("TaskComment", "U Y Y Y 0 0 0 Y", "admins and members of the task's project (the share token is E12's way in)"),
  entity("TaskCommentMention", "U Y Y Y 0 0 0 Y", "as its comment"),
  entity("TaskCommentReaction", "U Y Y Y 0 0 0 Y", "as its comment"),
  entity("Invoice", "U 0 0 Y 0 Y 0 Y", "admins, finance, managers of the invoice's finance project"),
  entity("InvoiceIncome (booked to that PM's project)", "U 0 0 Y 0 Y 0 Y", "as its invoice"),
  entity("InvoiceCost (booked to that PM's project)", "U 0 0 Y 0 Y 0 Y", "as its invoice"),
  entity("InvoiceNumbering", "U 0 0 0 0 Y 0 Y", "admins and finance"),
  entity("ProjectNumbering", "U 0 Y Y Y Y Y Y", "staff"),
  entity("Note", "U 0 Y Y Y Y Y Y", "staff (CRM)"),
  entity("NoteStatus", "U 0 Y Y Y Y Y Y", "staff (CRM)"),
  entity("NoteContractor", "U 0 Y Y Y Y Y Y", "staff (CRM)"),
  entity("Vacation", "U 0 Y Y Y Y Y Y", "staff (calendar)"),
  entity("VacationComment", "U 0 Y Y Y Y Y Y", "staff (calendar)"),
  entity("VacationDate", "U 0 Y Y Y Y Y Y", "staff (calendar)"),
  entity("ProjectTemplate (public)", "U 0 Y Y Y Y Y Y", "staff"),
  entity("ProjectTemplate (private, someone else's)", "U 0 0 0 0 0 0 Y", "its author and admins"),
  entity("Shortcut (the admin's)", "U 0 0 0 0 0 0 Y", "its owner only"),
  entity("AssignedChatTopicUser", "U 0 Y Y 0 0 0 Y", "admins and members of the topic"),
  entity("CurrencyDictionary", "U Y Y Y Y Y Y Y", "any signed-in user"),
  entity("CustomFieldDefinition", "U Y Y Y Y Y Y Y", "any signed-in user"),
  entity("CustomFieldOption", "U Y Y Y Y Y Y Y", "any signed-in user"),
  entity("TaskType", "U Y Y Y Y Y Y Y", "any signed-in user"),
  entity("VacationType", "U Y Y Y Y Y Y Y", "any signed-in user"),
  entity("User", "U Y Y Y Y Y Y Y", "any signed-in user"),
  entity("UserDepartment", "U Y Y Y Y Y Y Y", "any signed-in user"),

  field("AssignedProjectUser.hourlyRate", "U 0 0 Y 0 Y 0 Y", "admins, finance, the project's managers; never a role in hideHourlyRateForRoles"),
  field("ProjectUserRef.hourlyRate (board member)", "U 0 0 Y 0 Y 0 Y", "as above, for the board's project"),
  field("ProjectUserRef.hourlyRate (timesheet)", "U F 0 0 0 Y 0 Y", "without a project: admins and finance"),
  field("Project.budget", "U 0 0 Y 0 Y 0 Y", "admins, finance, the project's managers"),
  field("ProjectGantt.budget", "U 0 0 Y 0 Y 0 Y", "admins, finance, the project's managers"),
  field("User.phoneNumber", "U 0 Y Y Y Y Y Y", "staff, and each person their own (every user summary alike)"),
  field("RiskUserRef.phoneNumber", "U 0 Y Y Y Y Y Y", "staff, and each person their own"),
  field("User.twoFactorAuth", "U 0 Y 0 0 0 Y Y", "the person, admins and HR"),
  field("User.allowApiTokenAuthentication", "U 0 Y 0 0 0 Y Y", "the person, admins and HR"),
  field("User.lastActivity", "U 0 Y 0 0 0 Y Y", "the person, admins and HR"),
  field("User.lastActivityMobile", "U 0 Y 0 0 0 Y Y", "the person, admins and HR"),
];

const SHOWN: Record<Answer, string> = { "401": "401", ok: "✓", FORBIDDEN: "FORBIDDEN", NOT_FOUND: "NOT_FOUND", null: "null" };

/** The README table, rendered from POLICY_MATRIX (a test checks that the README holds exactly this). */
export function renderPolicyTable(): string {
  const head = `| What | ${PERSONAS.map((p) => PERSONA_TITLES[p]).join(" | ")} | Rule |`;
  const line = `|---|${PERSONAS.map(() => "---").join("|")}|---|`;
  const body = POLICY_MATRIX.map((r) => {
    const what = r.kind === "root" ? `\`${r.subject}\`` : r.kind === "entity" ? `\`_entities\` ${r.subject}` : `field \`${r.subject}\``;
    return `| ${what} | ${PERSONAS.map((p) => SHOWN[r.answers[p]]).join(" | ")} | ${r.rule} |`;
  });
  return [head, line, ...body].join("\n");
}
