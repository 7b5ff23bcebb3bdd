/**
 * The interface's own HTTP paths (docs/spec/service-interface.md, section 4), each answered by a
 * stored GraphQL document of this server's schema (src/rest/documents/<document>.graphql). A
 * route says only how the request maps to the document's variables and how the answer is
 * shaped; every rule (authorization, validation, limits) is the GraphQL operation's own.
 */
export interface RestRoute {
  /** The interface's number of the operation, from the document's name: "E7". */
  id: string;
  method: "GET" | "POST" | "PATCH" | "PUT";
  /** As section 4 writes it, with `{name}` for path parameters. */
  path: string;
  /** The interface's purpose of the operation (section 4's table). */
  summary: string;
  /** File name (without `.graphql`) of the stored document in src/rest/documents/. */
  document: string;
  /** Path parameters whose variable has another name: `{ id: "taskId" }` (the others fill the variable of their own name). */
  pathVariables?: Record<string, string>;
  /** Query parameters, as the interface spells them. */
  query?: QueryParameter[];
  /**
   * The variable the JSON body fills (an absent body counts as `{}`): `input` for every route but
   * a GET, which takes no body.
   */
  body?: string;
  /** Interface spellings a body may use that GraphQL's input does not take (applied before the schema's enum mapping). */
  adaptBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  /**
   * How the answer is sent: `object` (the default) the resource itself; `page` a collection
   * (`{ items, paginationInfo }` in GraphQL) as a bare array with X-Total-Count and Link headers;
   * `list` a bare array as GraphQL answers it.
   */
  answer: "object" | "page" | "list";
  /** Answered 201 Created (a new resource), else 200. */
  creates?: boolean;
}

/**
 * A query parameter and the variable it fills. `variable` is a dotted path into the variables;
 * `[]` in it appends one element per occurrence (`order[].lastName`: each `order[...]` parameter
 * adds one sort key, in the order given). A variable of a list type collects every occurrence
 * (`calendarUser=a&calendarUser[]=b`), and takes its name with or without `[]` whichever of the
 * two the interface lists. `{key}` in the name matches any text there, which goes to
 * the sibling `key` of the variable (`userDepartmentLeaderOrder[{departmentId}]=asc`).
 */
export interface QueryParameter {
  name: string;
  variable: string;
  /** For a parameter that fills no argument of the schema (whose description the OpenAPI document takes otherwise). */
  description?: string;
}

/** Parameters filling the variable of their own name without `[]`, under `under` (`"filter."`: `filter.search`). */
const named = (under: string, ...names: string[]): QueryParameter[] =>
  names.map((name) => ({ name, variable: `${under}${name.replace("[]", "")}` }));

/** `name` and `name[]` of each name, both filling the list variable of that name under `under`. */
const listed = (under: string, ...names: string[]): QueryParameter[] => names.flatMap((name) => named(under, name, `${name}[]`));

const PAGINATION = named("", "page", "itemsPerPage", "pagination");

/** `order[key]` parameters, each one sort key of the `order` list. */
const orderBy = (keys: Record<string, string>): QueryParameter[] =>
  Object.entries(keys).map(([key, field]) => ({ name: `order[${key}]`, variable: `order[].${field}` }));

/** The routes by their stored document; `route` is the method and path as section 4 writes them. */
type Declared = Omit<RestRoute, "id" | "method" | "path" | "document" | "answer"> & Partial<Pick<RestRoute, "answer">> & { route: string };
const ROUTES: Record<string, Declared> = {
  "E01-update-assigned-chat-topic-user": {
    route: "PATCH /chat/chat-topics/{topicId}/chat-users/{userId}",
    summary: "Update an assigned chat topic user",
  },
  "E02-read-chat-topic": {
    route: "POST /chat/chat-topics/{topicId}/chat-users/{userId}/read-topic",
    summary: "Mark topic as read",
    // the interface types these as iri-references (`/chat/chat-topics/<id>`) or bare ids; GraphQL takes the ids
    adaptBody: (body) => {
      const out = { ...body };
      for (const key of ["chatTopic", "chatUser", "lastReadMessage"])
        if (typeof out[key] === "string") out[key] = (out[key] as string).split("/").pop();
      return out;
    },
  },
  "E03-update-stage": { route: "PATCH /project/stages/{id}", summary: "Update stage" },
  "E04-create-invoice": { route: "POST /finance/invoices", summary: "Create invoice", creates: true },
  "E05-create-project": { route: "POST /project/projects", summary: "Create project", creates: true },
  "E06-task-checklists": {
    route: "GET /project/tasks/{id}/task-checklists",
    summary: "List task checklists",
    pathVariables: { id: "taskId" },
    query: PAGINATION,
    answer: "page",
  },
  "E07-vacations": {
    route: "GET /calendar/vacations",
    summary: "List vacations",
    query: [
      ...PAGINATION,
      ...named("filter.", "search"),
      ...listed("filter.", "calendarUser", "vacationYear", "status", "vacationType", "issueDate"),
      { name: "vacationType.isActive", variable: "filter.vacationTypeIsActive" },
      { name: "vacationType.isActive[]", variable: "filter.vacationTypeIsActive" },
      { name: "calendarUser.canLogIn", variable: "filter.calendarUserCanLogIn" },
      { name: "vacationDates.date[before]", variable: "filter.vacationDatesDate.before" },
      { name: "vacationDates.date[strictly_before]", variable: "filter.vacationDatesDate.strictlyBefore" },
      { name: "vacationDates.date[after]", variable: "filter.vacationDatesDate.after" },
      { name: "vacationDates.date[strictly_after]", variable: "filter.vacationDatesDate.strictlyAfter" },
      ...orderBy({
        vacationYear: "vacationYear",
        status: "status",
        "vacationType.name": "vacationTypeName",
        issueDate: "issueDate",
        createdAt: "createdAt",
        updatedAt: "updatedAt",
        "vacationDates.date": "vacationDatesDate",
      }),
    ],
    answer: "page",
  },
  "E08-users": {
    route: "GET /user/users",
    summary: "List users",
    query: [
      ...PAGINATION,
      ...named("filter.", "search", "isUsingMobile", "isExternal", "canLogIn", "hasRole[]", "hasRoleSet[]"),
      ...listed("filter.", "jobPosition", "contractorId"),
      ...named("filter.", "id[]", "excludeIds[]", "excludeDepartmentIds[]"),
      { name: "userDepartments.department", variable: "filter.department" },
      { name: "userDepartments.department[]", variable: "filter.department" },
      { name: "exists[userDepartments]", variable: "filter.existsUserDepartments" },
      { name: "exists[ssoProvider]", variable: "filter.existsSsoProvider" },
      ...named("filter.", "ssoProviderIds"),
      { name: "userDepartmentLeaderOrder[{departmentId}]", variable: "filter.userDepartmentLeaderOrder.direction" },
      ...orderBy({ lastName: "lastName", firstName: "firstName", createdAt: "createdAt", updatedAt: "updatedAt" }),
    ],
    answer: "page",
  },
  "E09-project-template": { route: "GET /project/project-templates/{id}", summary: "Retrieve project template" },
  "E10-assign-board-user": { route: "PATCH /project/boards/{boardId}/assigned-board-users/{userId}", summary: "Assign user to board" },
  "E11-replace-risk": { route: "PUT /project/risks/{id}", summary: "Replace risk" },
  "E12-shared-task-comments": {
    route: "GET /project/tasks/shared/{token}/task-comments",
    summary: "Task comments by task share token",
    query: [...named("", "page", "itemsPerPage", "cursorId", "topLevel", "repliesTo"), { name: "order[createdAt]", variable: "order" }],
    answer: "page",
  },
  "E13-upload-external-files": {
    route: "POST /project/external-file-upload",
    summary: "Upload external files",
    answer: "list",
    creates: true,
  },
  "E14-note": { route: "GET /crm/notes/{id}", summary: "Retrieve note" },
  "E15-project-gantt": {
    route: "GET /project/projects/{id}/get-gantt",
    summary: "Project summary with budget and reported hours context",
    // the GraphQL field answers tasks whenever they are selected; the interface only when asked
    query: [
      {
        name: "showTasks",
        variable: "showTasks",
        description: "true: the answer includes the project's tasks (default false: no tasks field).",
      },
    ],
  },
  "E16-timesheet-by-user": {
    route: "GET /project/reported-times/timesheet-by-user",
    summary: "Timesheet by user and tasks",
    query: named("", "users[]", "dateStart", "project", "projectContractors[]", "reportedTimeType"),
    answer: "list",
  },
  "E17-project-settings": { route: "GET /project/project-settings/{id}", summary: "Retrieve project settings" },
  "E18-create-currency-dictionary": {
    route: "POST /finance/currency-dictionaries",
    summary: "Create currency dictionary entry",
    // the interface declares isDefault a number; GraphQL's input a Boolean (graphql-contract.md)
    adaptBody: (body) =>
      typeof body.isDefault === "number" && (body.isDefault === 0 || body.isDefault === 1)
        ? { ...body, isDefault: body.isDefault === 1 }
        : body,
    creates: true,
  },
  "E19-update-task-type": { route: "PATCH /project/task-types/{id}", summary: "Update task type" },
  "E20-create-shortcut": { route: "POST /user/shortcuts", summary: "Create shortcut", creates: true },
};

export const REST_ROUTES: readonly RestRoute[] = Object.entries(ROUTES).map(([document, { route, ...rest }]) => {
  const [method, path] = route.split(" ") as [RestRoute["method"], string];
  return {
    answer: "object",
    body: method === "GET" ? undefined : "input",
    method,
    path,
    document,
    ...rest,
    id: `E${Number(document.slice(1, 3))}`,
  };
});

/** The path prefixes of the interface's areas: a request under one of them is answered by the REST layer. */
export const REST_PREFIXES = ["/project", "/finance", "/calendar", "/user", "/chat", "/crm"] as const;
