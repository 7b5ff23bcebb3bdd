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

const PAGE: QueryParameter[] = [
  { name: "page", variable: "page" },
  { name: "itemsPerPage", variable: "itemsPerPage" },
];
const PAGINATION: QueryParameter[] = [...PAGE, { name: "pagination", variable: "pagination" }];

/** `name` and `name[]`, both filling the list variable `variable`. */
const listed = (name: string, variable: string): QueryParameter[] => [
  { name, variable },
  { name: `${name}[]`, variable },
];

/** `order[key]` parameters, each one sort key of the `order` list. */
const orderBy = (keys: Record<string, string>): QueryParameter[] =>
  Object.entries(keys).map(([key, field]) => ({ name: `order[${key}]`, variable: `order[].${field}` }));

/** An IRI of the interface (`/chat/chat-topics/<id>`) or a bare id: the id. */
function idOfReference(value: unknown): unknown {
  return typeof value === "string" && value.includes("/") ? value.slice(value.lastIndexOf("/") + 1) : value;
}

const ROUTES: Array<Omit<RestRoute, "id" | "answer"> & Partial<RestRoute>> = [
  {
    method: "PATCH",
    path: "/chat/chat-topics/{topicId}/chat-users/{userId}",
    summary: "Update an assigned chat topic user",
    document: "E01-update-assigned-chat-topic-user",
  },
  {
    method: "POST",
    path: "/chat/chat-topics/{topicId}/chat-users/{userId}/read-topic",
    summary: "Mark topic as read",
    document: "E02-read-chat-topic",
    // the interface types these as iri-references; GraphQL takes the ids
    adaptBody: (body) => {
      const out = { ...body };
      for (const key of ["chatTopic", "chatUser", "lastReadMessage"]) if (key in out) out[key] = idOfReference(out[key]);
      return out;
    },
  },
  {
    method: "PATCH",
    path: "/project/stages/{id}",
    summary: "Update stage",
    document: "E03-update-stage",
  },
  {
    method: "POST",
    path: "/finance/invoices",
    summary: "Create invoice",
    document: "E04-create-invoice",
    creates: true,
  },
  {
    method: "POST",
    path: "/project/projects",
    summary: "Create project",
    document: "E05-create-project",
    creates: true,
  },
  {
    method: "GET",
    path: "/project/tasks/{id}/task-checklists",
    summary: "List task checklists",
    document: "E06-task-checklists",
    pathVariables: { id: "taskId" },
    query: PAGINATION,
    answer: "page",
  },
  {
    method: "GET",
    path: "/calendar/vacations",
    summary: "List vacations",
    document: "E07-vacations",
    query: [
      ...PAGINATION,
      { name: "search", variable: "filter.search" },
      ...listed("calendarUser", "filter.calendarUser"),
      ...listed("vacationYear", "filter.vacationYear"),
      ...listed("status", "filter.status"),
      ...listed("vacationType", "filter.vacationType"),
      ...listed("issueDate", "filter.issueDate"),
      ...listed("vacationType.isActive", "filter.vacationTypeIsActive"),
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
  {
    method: "GET",
    path: "/user/users",
    summary: "List users",
    document: "E08-users",
    query: [
      ...PAGINATION,
      { name: "search", variable: "filter.search" },
      { name: "isUsingMobile", variable: "filter.isUsingMobile" },
      { name: "isExternal", variable: "filter.isExternal" },
      { name: "canLogIn", variable: "filter.canLogIn" },
      { name: "hasRole[]", variable: "filter.hasRole" },
      { name: "hasRoleSet[]", variable: "filter.hasRoleSet" },
      ...listed("jobPosition", "filter.jobPosition"),
      ...listed("contractorId", "filter.contractorId"),
      { name: "id[]", variable: "filter.id" },
      { name: "excludeIds[]", variable: "filter.excludeIds" },
      { name: "excludeDepartmentIds[]", variable: "filter.excludeDepartmentIds" },
      ...listed("userDepartments.department", "filter.department"),
      { name: "exists[userDepartments]", variable: "filter.existsUserDepartments" },
      { name: "exists[ssoProvider]", variable: "filter.existsSsoProvider" },
      { name: "ssoProviderIds", variable: "filter.ssoProviderIds" },
      { name: "userDepartmentLeaderOrder[{departmentId}]", variable: "filter.userDepartmentLeaderOrder.direction" },
      ...orderBy({ lastName: "lastName", firstName: "firstName", createdAt: "createdAt", updatedAt: "updatedAt" }),
    ],
    answer: "page",
  },
  {
    method: "GET",
    path: "/project/project-templates/{id}",
    summary: "Retrieve project template",
    document: "E09-project-template",
  },
  {
    method: "PATCH",
    path: "/project/boards/{boardId}/assigned-board-users/{userId}",
    summary: "Assign user to board",
    document: "E10-assign-board-user",
  },
  {
    method: "PUT",
    path: "/project/risks/{id}",
    summary: "Replace risk",
    document: "E11-replace-risk",
  },
  {
    method: "GET",
    path: "/project/tasks/shared/{token}/task-comments",
    summary: "Task comments by task share token",
    document: "E12-shared-task-comments",
    query: [
      ...PAGE,
      { name: "cursorId", variable: "cursorId" },
      { name: "topLevel", variable: "topLevel" },
      { name: "repliesTo", variable: "repliesTo" },
      { name: "order[createdAt]", variable: "order" },
    ],
    answer: "page",
  },
  {
    method: "POST",
    path: "/project/external-file-upload",
    summary: "Upload external files",
    document: "E13-upload-external-files",
    answer: "list",
    creates: true,
  },
  { method: "GET", path: "/crm/notes/{id}", summary: "Retrieve note", document: "E14-note" },
  {
    method: "GET",
    path: "/project/projects/{id}/get-gantt",
    summary: "Project summary with budget and reported hours context",
    document: "E15-project-gantt",
    // the GraphQL field answers tasks whenever they are selected; the interface only when asked
    query: [
      {
        name: "showTasks",
        variable: "showTasks",
        description: "true: the answer includes the project's tasks (default false: no tasks field).",
      },
    ],
  },
  {
    method: "GET",
    path: "/project/reported-times/timesheet-by-user",
    summary: "Timesheet by user and tasks",
    document: "E16-timesheet-by-user",
    query: [
      { name: "users[]", variable: "users" },
      { name: "dateStart", variable: "dateStart" },
      { name: "project", variable: "project" },
      { name: "projectContractors[]", variable: "projectContractors" },
      { name: "reportedTimeType", variable: "reportedTimeType" },
    ],
    answer: "list",
  },
  {
    method: "GET",
    path: "/project/project-settings/{id}",
    summary: "Retrieve project settings",
    document: "E17-project-settings",
  },
  {
    method: "POST",
    path: "/finance/currency-dictionaries",
    summary: "Create currency dictionary entry",
    document: "E18-create-currency-dictionary",
    // the interface declares isDefault a number; GraphQL's input a Boolean (graphql-contract.md)
    adaptBody: (body) =>
      typeof body.isDefault === "number" && (body.isDefault === 0 || body.isDefault === 1)
        ? { ...body, isDefault: body.isDefault === 1 }
        : body,
    creates: true,
  },
  {
    method: "PATCH",
    path: "/project/task-types/{id}",
    summary: "Update task type",
    document: "E19-update-task-type",
  },
  {
    method: "POST",
    path: "/user/shortcuts",
    summary: "Create shortcut",
    document: "E20-create-shortcut",
    creates: true,
  },
];

export const REST_ROUTES: readonly RestRoute[] = ROUTES.map((route) => ({
  answer: "object",
  body: route.method === "GET" ? undefined : "input",
  ...route,
  id: `E${Number(route.document.slice(1, 3))}`,
}));

/** The path prefixes of the interface's areas: a request under one of them is answered by the REST layer. */
export const REST_PREFIXES = ["/project", "/finance", "/calendar", "/user", "/chat", "/crm"] as const;
