/**
 * The benchmark's workloads: each one as this project asks it and, where PostGraphile v4 can
 * answer it, as PostGraphile asks it over the same tables, with a mapping of both answers to the
 * same plain rows so the benchmark can check they return the same rows and columns.
 */
import demoIds from "../prisma/demo-ids.json";

export interface Query {
  query: string;
  variables?: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  project: Query;
  /** PostGraphile v4's equivalent (same rows and columns), or none. */
  postgraphile?: Query;
  /** Both answers' `data` mapped to the same plain rows, for the equivalence check. */
  rows?: { project(data: any): unknown; postgraphile(data: any): unknown };
  /** Runs on SQLite too (everything but what only makes sense against PostgreSQL). */
  sqlite: boolean;
  /** Runs on the bare Apollo Server 5 too (bench/apollo-bare.ts): the reference for the fixed cost of a request. */
  bareApollo?: boolean;
  /** Documents other callers loop, one caller each, while `project` is measured (fairness). */
  background?: Query[];
  /** Runs on a second project server on PostgreSQL that traces every request too (OpenTelemetry, issue 22): the tracing table. */
  traced?: boolean;
}

/** Every scalar field of a user, as `_entities` answers it (field policies included). */
const USER_FIELDS =
  "id firstName lastName email phoneNumber pictureSm pictureLg shortCode canLogIn isExternal twoFactorAuth allowApiTokenAuthentication lastActivity lastActivityMobile";

/**
 * The heaviest documents the default limits admit (MAX_QUERY_COST 200,000), one of each kind:
 * the most rows read, the most statements, the most objects answered (as test/hard-bounds.test.ts).
 */
function heaviest(userIds: string[]): Query[] {
  return [
    { query: `{ ${Array.from({ length: 88 }, (_, i) => `a${i}: vacations(pagination: false) { items { id } }`).join(" ")} }` },
    {
      query: `{ ${Array.from({ length: 700 }, (_, i) => `t${i}: timesheetByUser(dateStart: "2026-10-26T00:00:00Z", users: ["${userIds[i % userIds.length]}"]) { seconds days { seconds } }`).join(" ")} }`,
    },
    {
      query: `query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { ${USER_FIELDS} } } }`,
      variables: { r: Array.from({ length: 12_000 }, (_, i) => ({ __typename: "User", id: userIds[i % userIds.length] })) },
    },
  ];
}

const nodes = (connection: { nodes: any[] }): any[] => connection.nodes;

export function scenarios(userIds: string[]): Scenario[] {
  return [
    {
      name: "users: page of 30 with departments",
      sqlite: true,
      traced: true,
      project: {
        query: `{ users(order: [{ lastName: ASC }], itemsPerPage: 30) { paginationInfo { totalCount }
          items { id firstName lastName email userDepartments { isLeader department { id name } } } } }`,
      },
      postgraphile: {
        query: `{ allUsers(first: 30, orderBy: [LAST_NAME_ASC, ID_ASC]) { totalCount
          nodes { id firstName lastName email userDepartmentsByUserId(orderBy: ID_ASC) { nodes { isLeader departmentByDepartmentId { id name } } } } } }`,
      },
      rows: {
        project: (d) => ({ total: d.users.paginationInfo.totalCount, rows: d.users.items }),
        postgraphile: (d) => ({
          total: d.allUsers.totalCount,
          rows: nodes(d.allUsers).map((u: any) => ({
            id: u.id,
            firstName: u.firstName,
            lastName: u.lastName,
            email: u.email,
            userDepartments: nodes(u.userDepartmentsByUserId).map((ud: any) => ({
              isLeader: ud.isLeader,
              department: ud.departmentByDepartmentId,
            })),
          })),
        }),
      },
    },
    {
      name: "projectGantt with stages and tasks",
      sqlite: true,
      project: {
        query: `query ($id: ID!) { projectGantt(id: $id, showTasks: true) { stages { id name } tasks { id name } } }`,
        variables: { id: demoIds.projectId },
      },
      postgraphile: {
        query: `query ($id: UUID!) { projectById(id: $id) { stagesByProjectId(orderBy: ID_ASC) { nodes { id name } } tasksByProjectId(orderBy: ID_ASC) { nodes { id name } } } }`,
        variables: { id: demoIds.projectId },
      },
      rows: {
        project: (d) => ({ stages: byId(d.projectGantt.stages), tasks: byId(d.projectGantt.tasks) }),
        postgraphile: (d) => ({ stages: byId(nodes(d.projectById.stagesByProjectId)), tasks: byId(nodes(d.projectById.tasksByProjectId)) }),
      },
    },
    {
      name: "vacations: filtered page of 30 with people",
      sqlite: true,
      project: {
        query: `{ vacations(filter: { vacationYear: [2026] }, order: [{ issueDate: DESC }], itemsPerPage: 30) { paginationInfo { totalCount }
          items { id status issueDate calendarUser { id firstName lastName } } } }`,
      },
      postgraphile: {
        query: `{ allVacations(condition: { vacationYear: 2026 }, orderBy: [ISSUE_DATE_DESC, ID_ASC], first: 30) { totalCount
          nodes { id status issueDate userByCalendarUserId { id firstName lastName } } } }`,
      },
      rows: {
        project: (d) => ({
          total: d.vacations.paginationInfo.totalCount,
          rows: d.vacations.items.map((v: any) => ({ ...v, issueDate: String(v.issueDate).slice(0, 10) })),
        }),
        postgraphile: (d) => ({
          total: d.allVacations.totalCount,
          rows: nodes(d.allVacations).map((v: any) => ({
            id: v.id,
            status: v.status,
            issueDate: String(v.issueDate).slice(0, 10),
            calendarUser: v.userByCalendarUserId,
          })),
        }),
      },
    },
    {
      name: "taskChecklists with items",
      sqlite: true,
      project: {
        query: `query ($id: ID!) { taskChecklists(taskId: $id) { items { id name taskChecklistItems { id name isChecked } } } }`,
        variables: { id: demoIds.taskId },
      },
      postgraphile: {
        query: `query ($id: UUID!) { taskById(id: $id) { taskChecklistsByTaskId(orderBy: [WEIGHT_ASC, ID_ASC]) {
          nodes { id name taskChecklistItemsByChecklistId(orderBy: [WEIGHT_ASC, ID_ASC]) { nodes { id name isChecked } } } } } }`,
        variables: { id: demoIds.taskId },
      },
      rows: {
        project: (d) => d.taskChecklists.items,
        postgraphile: (d) =>
          nodes(d.taskById.taskChecklistsByTaskId).map((c: any) => ({
            id: c.id,
            name: c.name,
            taskChecklistItems: nodes(c.taskChecklistItemsByChecklistId),
          })),
      },
    },
    {
      name: "sharedTaskComments with authors",
      sqlite: true,
      project: {
        query: `query ($t: String!) { sharedTaskComments(token: $t, itemsPerPage: 30) { items { id content createdBy { id lastName } } } }`,
        variables: { t: demoIds.sharedTaskToken },
      },
      postgraphile: {
        query: `query ($t: String!) { allTasks(condition: { shareToken: $t }) { nodes { taskCommentsByTaskId(orderBy: [CREATED_AT_ASC, ID_ASC], first: 30) {
          nodes { id content userByCreatedById { id lastName } } } } } }`,
        variables: { t: demoIds.sharedTaskToken },
      },
      rows: {
        project: (d) => d.sharedTaskComments.items,
        postgraphile: (d) =>
          nodes(d.allTasks.nodes[0].taskCommentsByTaskId).map((c: any) => ({
            id: c.id,
            content: c.content,
            createdBy: c.userByCreatedById,
          })),
      },
    },
    {
      name: "_entities: 100 users",
      sqlite: true,
      project: {
        query: `query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { id firstName lastName email } } }`,
        variables: { r: userIds.map((id) => ({ __typename: "User", id })) },
      },
      // the same 100 users: the first 100 by id
      postgraphile: { query: `{ allUsers(first: 100, orderBy: ID_ASC) { nodes { id firstName lastName email } } }` },
      rows: { project: (d) => d._entities, postgraphile: (d) => nodes(d.allUsers) },
    },
    {
      name: "{ __typename }",
      sqlite: true,
      bareApollo: true,
      project: { query: `{ __typename }` },
      postgraphile: { query: `{ __typename }` },
      rows: { project: (d) => d, postgraphile: (d) => d },
    },
    {
      // issue 23: a light query's latency while four other callers loop the heaviest admitted documents
      name: "fairness: users page of 5 while 4 callers loop the heaviest documents",
      sqlite: true,
      project: { query: `{ users(itemsPerPage: 5, order: [{ lastName: ASC }]) { items { id lastName } } }` },
      background: [...heaviest(userIds), heaviest(userIds)[0]],
    },
    {
      name: "createInvoice, 3 items, one numbering",
      sqlite: true,
      project: {
        query: `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no grossAmount items { grossAmount } } }`,
        variables: {
          input: {
            invoiceType: "Vat",
            fileGeneratedLanguage: "pl",
            isDraft: false,
            numbering: demoIds.invoiceNumberingId,
            issueDate: "2031-03-15",
            buyerId: demoIds.contractorId,
            items: [1, 2, 3].map((n) => ({
              positionName: `Usługa ${n}`,
              unit: "godz.",
              count: n,
              priceUnit: 99.99,
              tax: n === 3 ? "RATE_8" : "RATE_23",
            })),
          },
        },
      },
    },
  ];
}

function byId<T extends { id: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
