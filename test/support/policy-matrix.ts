/**
 * The access matrix: for each root field, each entity reached through `_entities` and each
 * sensitive field, what each kind of caller gets on the demo data. With the texts of the rules
 * as the schema declares them (src/auth/rules.ts) it renders the README table ("Who may see and
 * do what"), and test/policy-matrix.test.ts runs every cell through GraphQL with a real token of
 * that persona. The rules are code; this table states their answers.
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
export type Answer = "401" | "ok" | "FORBIDDEN" | "NOT_FOUND" | "null" | "QUERY_NOT_IN_SAFELIST";

export interface MatrixRow {
  /** the row's key, shown in the README and used by the test */
  subject: string;
  kind: "root" | "entity" | "field" | "document";
  answers: Record<Persona, Answer>;
}

const CODES: Record<string, Answer> = { U: "401", Y: "ok", F: "FORBIDDEN", N: "NOT_FOUND", "0": "null", S: "QUERY_NOT_IN_SAFELIST" };

/** `"U F Y Y F Y F Y"`: one letter per persona, in PERSONAS order. */
function cells(spec: string): Record<Persona, Answer> {
  const letters = spec.split(" ");
  if (letters.length !== PERSONAS.length) throw new Error(`bad matrix row ${spec}`);
  return Object.fromEntries(PERSONAS.map((p, i) => [p, CODES[letters[i]]])) as Record<Persona, Answer>;
}

const row = (kind: MatrixRow["kind"], subject: string, spec: string): MatrixRow => ({ kind, subject, answers: cells(spec) });
const root = (subject: string, spec: string) => row("root", subject, spec);
const entity = (subject: string, spec: string) => row("entity", subject, spec);
const field = (subject: string, spec: string) => row("field", subject, spec);

// In the demo data the external user (the client's project lead) is assigned to the demo project
// with role `none`; "another project" is the demo simple project, where they are not.
// The demo project hides hourly rates from its roles `member` and `none`.
export const POLICY_MATRIX: MatrixRow[] = [
  root("E1 updateAssignedChatTopicUser", "U N Y Y N N N Y"),
  root("E2 readChatTopic", "U N Y Y N N N Y"),
  root("E3 updateStage", "U F F Y F F F Y"),
  root("E4 createInvoice (booked to the project)", "U F F Y F Y F Y"),
  root("E5 createProject", "U F F Y Y F F Y"),
  root("E6 taskChecklists", "U Y Y Y Y Y Y Y"),
  root("E6 taskChecklists (another project)", "U N Y Y Y Y Y Y"),
  root("E7 vacations", "U F Y Y Y Y Y Y"),
  root("E8 users", "U Y Y Y Y Y Y Y"),
  root("E9 projectTemplate (public)", "U F Y Y Y Y Y Y"),
  root("E9 projectTemplate (private, someone else's)", "U F F F F F F Y"),
  root("E10 assignBoardUser", "U F F Y F F F Y"),
  root("E11 replaceRisk", "U F F Y F F F Y"),
  root("E12 sharedTaskComments", "U Y Y Y Y Y Y Y"),
  root("E13 uploadExternalFiles", "U Y Y Y F F F Y"),
  root("E14 note", "U F Y Y Y Y Y Y"),
  root("E15 projectGantt", "U Y Y Y Y Y Y Y"),
  root("E15 projectGantt (another project)", "U N Y Y Y Y Y Y"),
  root("E16 timesheetByUser (someone else's)", "U F Y Y Y Y Y Y"),
  root("E16 timesheetByUser (own)", "U Y Y Y Y Y Y Y"),
  root("E17 projectSettings", "U Y Y Y Y Y Y Y"),
  root("E17 projectSettings (another project)", "U N Y Y Y Y Y Y"),
  root("E18 createCurrencyDictionary", "U F F F F Y F Y"),
  root("E19 updateTaskType", "U F F Y Y F F Y"),
  root("E20 createShortcut", "U Y Y Y Y Y Y Y"),

  entity("Project", "U Y Y Y Y Y Y Y"),
  entity("Project (another project)", "U 0 Y Y Y Y Y Y"),
  entity("ProjectGantt (another project)", "U 0 Y Y Y Y Y Y"),
  entity("ProjectSettings (another project)", "U 0 Y Y Y Y Y Y"),
  entity("Stage (another project)", "U 0 Y Y Y Y Y Y"),
  entity("Milestone (another project)", "U 0 Y Y Y Y Y Y"),
  entity("GanttLink (another project)", "U 0 Y Y Y Y Y Y"),
  entity("Risk (another project)", "U 0 Y Y Y Y Y Y"),
  entity("AssignedProjectUser (another project)", "U 0 Y Y Y Y Y Y"),
  entity("AssignedBoardUser (another project)", "U 0 Y Y Y Y Y Y"),
  entity("TaskChecklist (another project)", "U 0 Y Y Y Y Y Y"),
  entity("TaskChecklistItem (another project)", "U 0 Y Y Y Y Y Y"),
  entity("File (another project)", "U 0 Y Y Y Y Y Y"),
  entity("TaskComment", "U Y Y Y 0 0 0 Y"),
  entity("TaskCommentMention", "U Y Y Y 0 0 0 Y"),
  entity("TaskCommentReaction", "U Y Y Y 0 0 0 Y"),
  entity("Invoice", "U 0 0 Y 0 Y 0 Y"),
  entity("InvoiceIncome (booked to that PM's project)", "U 0 0 Y 0 Y 0 Y"),
  entity("InvoiceCost (booked to that PM's project)", "U 0 0 Y 0 Y 0 Y"),
  entity("InvoiceNumbering", "U 0 0 0 0 Y 0 Y"),
  entity("ProjectNumbering", "U 0 Y Y Y Y Y Y"),
  entity("Note", "U 0 Y Y Y Y Y Y"),
  entity("NoteStatus", "U 0 Y Y Y Y Y Y"),
  entity("NoteContractor", "U 0 Y Y Y Y Y Y"),
  entity("Vacation", "U 0 Y Y Y Y Y Y"),
  entity("VacationComment", "U 0 Y Y Y Y Y Y"),
  entity("VacationDate", "U 0 Y Y Y Y Y Y"),
  entity("ProjectTemplate (public)", "U 0 Y Y Y Y Y Y"),
  entity("ProjectTemplate (private, someone else's)", "U 0 0 0 0 0 0 Y"),
  entity("Shortcut (the admin's)", "U 0 0 0 0 0 0 Y"),
  entity("AssignedChatTopicUser", "U 0 Y Y 0 0 0 Y"),
  entity("CurrencyDictionary", "U Y Y Y Y Y Y Y"),
  entity("CustomFieldDefinition", "U Y Y Y Y Y Y Y"),
  entity("CustomFieldOption", "U Y Y Y Y Y Y Y"),
  entity("TaskType", "U Y Y Y Y Y Y Y"),
  entity("VacationType", "U Y Y Y Y Y Y Y"),
  entity("User", "U Y Y Y Y Y Y Y"),
  entity("UserDepartment", "U Y Y Y Y Y Y Y"),

  field("AssignedProjectUser.hourlyRate", "U 0 0 Y 0 Y 0 Y"),
  field("ProjectUserRef.hourlyRate (board member)", "U 0 0 Y 0 Y 0 Y"),
  field("ProjectUserRef.hourlyRate (checklist leader, through _entities)", "U 0 0 Y 0 Y 0 Y"),
  field("ProjectUserRef.hourlyRate (timesheet)", "U F 0 0 0 Y 0 Y"),
  field("Project.budget", "U 0 0 Y 0 Y 0 Y"),
  field("ProjectGantt.budget", "U 0 0 Y 0 Y 0 Y"),
  field("User.phoneNumber", "U 0 Y Y Y Y Y Y"),
  field("RiskUserRef.phoneNumber", "U 0 Y Y Y Y Y Y"),
  field("User.twoFactorAuth", "U 0 Y 0 0 0 Y Y"),
  field("User.allowApiTokenAuthentication", "U 0 Y 0 0 0 Y Y"),
  field("User.lastActivity", "U 0 Y 0 0 0 Y Y"),
  field("User.lastActivityMobile", "U 0 Y 0 0 0 Y Y"),

  // the rule of src/auth/rules.ts, unregisteredDocuments (src/server/trusted-documents.ts)
  row("document", "a document not in the manifest, with TRUSTED_DOCUMENTS=allow", "U S S S S S S Y"),
];

const SHOWN: Record<Answer, string> = {
  "401": "401",
  ok: "✓",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  null: "null",
  QUERY_NOT_IN_SAFELIST: "QUERY_NOT_IN_SAFELIST",
};

/** The README table, rendered from POLICY_MATRIX and the rule texts (a test checks that the README holds exactly this). */
export function renderPolicyTable(ruleText: (row: MatrixRow) => string): string {
  const head = `| What | ${PERSONAS.map((p) => PERSONA_TITLES[p]).join(" | ")} | Rule |`;
  const line = `|---|${PERSONAS.map(() => "---").join("|")}|---|`;
  const body = POLICY_MATRIX.map((r) => {
    const what =
      r.kind === "root"
        ? `\`${r.subject}\``
        : r.kind === "entity"
          ? `\`_entities\` ${r.subject}`
          : r.kind === "field"
            ? `field \`${r.subject}\``
            : r.subject;
    return `| ${what} | ${PERSONAS.map((p) => SHOWN[r.answers[p]]).join(" | ")} | ${ruleText(r)} |`;
  });
  return [head, line, ...body].join("\n");
}
