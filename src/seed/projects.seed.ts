import { Prisma } from "../db/client";
import type { SeedContext } from "./context";
import { scaled } from "./context";
import type { ContractorsWorld, SeedContractor } from "./contractors.seed";
import { CustomFieldValues, type CustomFieldsWorld } from "./custom-fields.seed";
import { addDays, at, BASE_DATE, beforeBase, day, daysBetween, laterBefore, maxDate, minDate, startOfDay } from "./dates";
import { NEVER_RESET_PERIOD, periodKey } from "../services/shared/numbering";
import { NumberingCounters } from "./numbering-counters";
import { demoIds } from "./demo-ids";
import type { RowOf } from "./insert";
import { CATEGORY, type ProjectDictionaries } from "./project-dictionaries.seed";
import {
  BILLING_MODELS,
  KINDS,
  SHOWCASE_BOARD_TASKS,
  SHOWCASE_PROJECTS,
  STAGES,
  TABS,
  TASKS_PER_BOARD,
  type Blueprint,
  type ProjectStatus,
} from "./project-blueprints";
import type { Random } from "./random";
import type { TemplateSettings, TemplatesWorld } from "./templates.seed";

export type { ProjectStatus };
import type { SeedUser, UsersWorld } from "./users.seed";

export interface SeedBoard {
  id: string;
  projectId: string;
  stageId: string | null;
  name: string;
  shortCode: string;
  typeName: string;
  start: Date;
  end: Date;
  members: SeedUser[];
  /** How many tasks the board holds (its task counter). */
  taskCount: number;
}

export interface SeedStage {
  id: string;
  projectId: string;
  typeName: string;
  name: string;
  start: Date;
  end: Date;
  boards: SeedBoard[];
}

export interface SeedProject {
  id: string;
  name: string;
  shortCode: string;
  category: string;
  status: ProjectStatus;
  isSimple: boolean;
  client: SeedContractor | null;
  start: Date;
  end: Date;
  createdAt: Date;
  pmActive: SeedUser;
  /** Everyone assigned, whatever their role. */
  assigned: SeedUser[];
  /** Assigned with a working role (not `none`): they get tasks, comment and report time. */
  team: SeedUser[];
  stages: SeedStage[];
  boards: SeedBoard[];
}

export interface ProjectsWorld {
  projects: SeedProject[];
  byId: Map<string, SeedProject>;
}

/**
 * Projects with numbering, assignments, contractors, tags, favourites, settings, custom field
 * values, stages, boards, board users and milestones.
 */
export async function seedProjects(
  ctx: SeedContext,
  users: UsersWorld,
  contractors: ContractorsWorld,
  dictionaries: ProjectDictionaries,
  templates: TemplatesWorld,
  fields: CustomFieldsWorld,
): Promise<ProjectsWorld> {
  const rng = ctx.rng.fork("projects");
  const extra = scaled(ctx, SHOWCASE_PROJECTS.length) - SHOWCASE_PROJECTS.length;
  const blueprints = [...SHOWCASE_PROJECTS, ...generatedBlueprints(rng, extra, contractors)];
  const pms = users.withRole("pm").filter((u) => u.canLogIn && !u.roles.includes("admin"));

  const projects: SeedProject[] = blueprints.map((b, i) => {
    const id = b.id ?? rng.uuid();
    const client = b.client ? contractors.byKey.get(b.client)! : null;
    // Projects are registered a few weeks before they start, and never after the base date.
    const createdAt = beforeBase(rng, at(addDays(b.start, -rng.int(14, 45)), rng.int(8, 16), rng.int(0, 59)));
    const pmActive = id === demoIds.projectId ? users.pm : pms[i % pms.length];
    const { assigned, team } = pickTeam(rng, b, id, pmActive, users, client);
    return {
      id,
      name: b.name,
      shortCode: b.shortCode,
      category: b.category,
      status: b.status,
      isSimple: !!b.isSimple,
      client,
      start: b.start,
      end: b.end,
      createdAt,
      pmActive,
      assigned,
      team,
      stages: [],
      boards: [],
    };
  });

  const numberings = numberProjects(rng, projects);
  const projectRows: RowOf<"project">[] = [];
  const assignmentRows: RowOf<"projectUserAssignment">[] = [];
  const contractorRows: RowOf<"projectContractor">[] = [];
  const tagRows: RowOf<"projectTag">[] = [];
  const favoriteRows: RowOf<"projectFavorite">[] = [];
  const settingsRows: RowOf<"projectSettings">[] = [];
  const stageRows: RowOf<"stage">[] = [];
  const boardRows: RowOf<"board">[] = [];
  const boardUserRows: RowOf<"assignedBoardUser">[] = [];
  const milestoneRows: RowOf<"milestone">[] = [];
  const values = new CustomFieldValues(fields, rng);

  blueprints.forEach((b, i) => {
    const p = projects[i];
    const started = p.status !== "in-preparation";
    projectRows.push({
      id: p.id,
      no: numberings.numbers.get(p.id)!,
      numberingId: numberings.numberingOf.get(p.id)!,
      name: p.name,
      description: b.description,
      categoryId: dictionaries.categories.get(b.category)!.id,
      // Actual dates: a project starts a few days off plan, and only closed projects have ended.
      dateStart: started ? minDate(addDays(b.start, rng.int(-3, 7)), day(-1)) : null,
      dateEnd: p.status === "closed" ? minDate(addDays(b.end, rng.int(-5, 12)), day(-1)) : null,
      dateStartPlanned: b.start,
      dateEndPlanned: b.end,
      isBlameableRemovalEnabled: rng.chance(0.4),
      status: p.status,
      shortCode: p.shortCode,
      isSimple: p.isSimple,
      budget: b.budget === null ? null : new Prisma.Decimal(b.budget),
      projectTemplateId: b.fromTemplate ? templates.publicTemplateId : null,
      createdById: rng.chance(0.7) ? p.pmActive.id : users.admin.id,
      createdAt: p.createdAt,
      updatedAt: laterBefore(rng, p.createdAt, 200),
    });

    for (const u of p.assigned) {
      const role = projectRole(p, u, users);
      assignmentRows.push({
        id: rng.uuid(),
        projectId: p.id,
        userId: u.id,
        role,
        // A negotiated rate for this project overrides the person's default rate now and then.
        hourlyRate: u.hourlyRate !== null && rng.chance(0.25) ? new Prisma.Decimal(u.hourlyRate + 10 * rng.int(1, 3)) : null,
        canReportTime: role !== "none",
        createdAt: laterBefore(rng, p.createdAt, 10),
      });
    }

    // The client, and the subcontractors whose people work in the project.
    const partnerIds = new Set([p.client?.id, ...p.team.map((u) => u.contractorId)].filter((id): id is string => !!id));
    for (const contractorId of partnerIds) contractorRows.push({ id: rng.uuid(), projectId: p.id, contractorId });

    const tagNames = new Set([...b.tags, ...(p.client && rng.chance(0.5) ? [rng.pick(["integracje", "KSeF", "time & material"])] : [])]);
    for (const name of tagNames) tagRows.push({ id: rng.uuid(), projectId: p.id, tagId: contractors.tagByName.get(name)! });

    const fans = new Set([p.pmActive.id, ...p.team.filter(() => rng.chance(0.2)).map((u) => u.id)]);
    if (i < 3) fans.add(users.admin.id);
    if (p.id === demoIds.projectId) fans.add(users.user.id);
    for (const userId of fans) favoriteRows.push({ id: rng.uuid(), projectId: p.id, userId });

    settingsRows.push(b.fromTemplate ? templateSettings(p, templates.publicTemplateSettings) : projectSettings(rng, p));
    setProjectFields(values, rng, p, b, users);

    const layout = layOut(rng, p, b, dictionaries);
    p.stages = layout.stages;
    p.boards = layout.boards;
    stageRows.push(...layout.stageRows);
    milestoneRows.push(...layout.milestoneRows);
    for (const board of p.boards) {
      board.members = boardMembers(rng, p, board);
      boardRows.push(layout.boardRows.get(board.id)!);
      board.members.forEach((u, k) =>
        boardUserRows.push({
          id: rng.uuid(),
          boardId: board.id,
          userId: u.id,
          role: k === 0 ? "leader-active" : "none",
          createdAt: beforeBase(rng, maxDate(addDays(board.start, -rng.int(1, 7)), p.createdAt)),
        }),
      );
    }
  });

  await ctx.out.insert("projectNumbering", numberings.rows);
  // A simple project points at its single board, which needs the project first: linked below, once boards exist.
  await ctx.out.insert("project", projectRows);
  await ctx.out.insert("projectUserAssignment", assignmentRows);
  await ctx.out.insert("projectContractor", contractorRows);
  await ctx.out.insert("projectTag", tagRows);
  await ctx.out.insert("projectFavorite", favoriteRows);
  await ctx.out.insert("projectSettings", settingsRows);
  await values.write(ctx);
  await ctx.out.insert("stage", stageRows);
  await ctx.out.insert("board", boardRows);
  await ctx.out.insert("assignedBoardUser", boardUserRows);
  await ctx.out.insert("milestone", milestoneRows);
  for (const [i, p] of projects.entries()) {
    if (!p.isSimple) continue;
    // Setting updatedAt explicitly keeps Prisma from stamping the clock time on it.
    const data = { simpleBoardId: p.boards[0].id, updatedAt: projectRows[i].updatedAt };
    await ctx.out.db.project.update({ where: { id: p.id }, data });
  }

  return { projects, byId: new Map(projects.map((p) => [p.id, p])) };
}

function generatedBlueprints(rng: Random, count: number, contractors: ContractorsWorld): Blueprint[] {
  const used = new Set(SHOWCASE_PROJECTS.map((b) => b.shortCode));
  const out: Blueprint[] = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length];
    const client = rng.pick(contractors.clients);
    const start = addDays(BASE_DATE, rng.int(-420, 120));
    const end = addDays(start, rng.int(kind.months[0] * 30, kind.months[1] * 30));
    const status: ProjectStatus = end < BASE_DATE ? "closed" : start > BASE_DATE ? "in-preparation" : "open";
    out.push({
      name: `${kind.name} – ${client.name}`,
      shortCode: uniqueCode(`${kind.code}${client.shortCode.slice(0, 2)}`, used),
      category: kind.category,
      client: client.key,
      start,
      end,
      status,
      budget: 1000 * rng.int(kind.budget[0], kind.budget[1]),
      stages: kind.stages,
      description: `${kind.name} dla ${client.fullName}. Zakres i harmonogram zgodnie z ofertą z ${start.getUTCFullYear()} r.`,
      tags: rng.sample(["integracje", "time & material", "fixed price", "KSeF"], rng.int(0, 2)),
    });
  }
  return out;
}

/** Letters only, so that a board code (project code + number) can never equal another project's board code. */
function uniqueCode(base: string, used: Set<string>): string {
  for (let n = 0; ; n++) {
    let suffix = "";
    for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) suffix = String.fromCharCode(65 + ((k - 1) % 26)) + suffix;
    const code = base + suffix;
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

/** Who works on a project: its PMs, a delivery team that fits the kind of project, and the client's contact. */
function pickTeam(
  rng: Random,
  b: Blueprint,
  projectId: string,
  pmActive: SeedUser,
  users: UsersWorld,
  client: SeedContractor | null,
): { assigned: SeedUser[]; team: SeedUser[] } {
  const active = (u: SeedUser) => u.canLogIn || b.status === "closed";
  const byPosition = (...positions: string[]) => users.users.filter((u) => positions.includes(u.position) && !u.isExternal && active(u));
  const team = new Map<string, SeedUser>([[pmActive.id, pmActive]]);
  const add = (list: SeedUser[], count: number) => rng.sample(list, count).forEach((u) => team.set(u.id, u));

  if (projectId === demoIds.projectId || rng.chance(0.5)) {
    const passive = projectId === demoIds.projectId ? users.admin : rng.pick(users.withRole("pm").filter((u) => u.id !== pmActive.id));
    team.set(passive.id, passive);
  }
  switch (b.category) {
    case CATEGORY.internal:
      if (b.isSimple) {
        add(users.inTeam("hr"), 2);
        add(byPosition("Office Manager", "DevOps Engineer"), 2);
      } else {
        add(byPosition("DevOps Engineer", "Architekt oprogramowania"), 2);
        add(byPosition("Senior Developer", "Developer"), 2);
        add(byPosition("UX Designer", "UI Designer"), 1);
      }
      break;
    case CATEGORY.marketing:
      add(byPosition("Specjalista ds. marketingu", "Account Manager"), 2);
      add(byPosition("UI Designer", "UX Designer", "Head of Design"), 2);
      break;
    default:
      add(byPosition("Architekt oprogramowania", "Senior Developer"), 1);
      add(byPosition("Senior Developer", "Developer", "Junior Developer"), rng.int(2, 3));
      add(byPosition("QA Engineer"), 1);
      if (b.category !== CATEGORY.maintenance) add(byPosition("UX Designer", "UI Designer"), 1);
      if (rng.chance(0.4)) add(byPosition("Analityk biznesowy"), 1);
      if (rng.chance(0.35))
        add(
          users.users.filter((u) => u.isExternal && u.canLogIn && u.position.includes("Developer")),
          1,
        );
  }
  if (projectId === demoIds.projectId) {
    for (const u of [users.user, ...users.users.filter((x) => x.position === "Architekt oprogramowania").slice(0, 1)]) team.set(u.id, u);
    const devforge = users.users.find((u) => u.isExternal && u.position === "Senior Developer");
    if (devforge) team.set(devforge.id, devforge);
  }
  const assigned = [...team.values()];
  // The client's own people follow the project without a working role.
  const contacts = client ? users.users.filter((u) => u.contractorId === client.id) : [];
  return { assigned: [...assigned, ...contacts], team: assigned };
}

function projectRole(p: SeedProject, u: SeedUser, users: UsersWorld): string {
  if (u.id === p.pmActive.id) return "pm-active";
  if (!p.team.includes(u)) return "none";
  return u.roles.includes("pm") || u.id === users.admin.id ? "pm-passive" : "member";
}

/** Numbers projects per numbering and year in creation order, as createProject would; the counters continue from there. */
function numberProjects(rng: Random, projects: SeedProject[]) {
  // Client projects restart from 1 every year (P1Y); internal ones never restart.
  const client = {
    id: demoIds.projectNumberingId,
    name: "Projekty klienckie",
    pattern: "PRJ/{number}/{YYYY}",
    leadingZero: 3,
    resetInterval: "P1Y",
  };
  const internal = { id: rng.uuid(), name: "Projekty wewnętrzne", pattern: "WEW/{number}", leadingZero: 3, resetInterval: null };
  const numbers = new Map<string, string>();
  const numberingOf = new Map<string, string>();
  const counters = new NumberingCounters();
  for (const p of [...projects].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const numbering = p.client ? client : internal;
    numbers.set(p.id, counters.next(numbering, p.createdAt).no);
    numberingOf.set(p.id, numbering.id);
  }
  // the counter row as takeProjectNo keeps it: the next value, and the period it belongs to (null: never resets)
  const row = (n: typeof client | typeof internal): RowOf<"projectNumbering"> => {
    const period = periodKey(n.resetInterval, BASE_DATE)!;
    return {
      id: n.id,
      name: n.name,
      pattern: n.pattern,
      counterPadLength: n.leadingZero,
      counterNextValue: counters.last(n.id, period) + 1,
      counterInterval: n.resetInterval,
      counterPeriod: period === NEVER_RESET_PERIOD ? null : period,
      isDefault: n === client,
    };
  };
  return { rows: [row(client), row(internal)], numbers, numberingOf };
}

const EPOCH = new Date(0);

/** A project made from a template starts with the template's settings. */
function templateSettings(p: SeedProject, t: TemplateSettings): RowOf<"projectSettings"> {
  return {
    id: p.id,
    ...t,
    enabledTabs: JSON.stringify(t.enabledTabs),
    hideHourlyRateForRoles: JSON.stringify(t.hideHourlyRateForRoles),
  };
}

function projectSettings(rng: Random, p: SeedProject): RowOf<"projectSettings"> {
  const tabs = TABS.filter((t) => (t === "finance" ? p.client !== null : t === "gantt" ? !p.isSimple : rng.chance(0.85) || t === "boards"));
  // A few projects plan new tasks from their creation day instead of from the board's dates.
  const byInterval = !p.isSimple && rng.chance(0.25);
  return {
    id: p.id,
    enabledTabs: JSON.stringify(tabs),
    requireTaskTypeOnTaskCreation: p.category !== CATEGORY.internal && rng.chance(0.5),
    showTaskDeadline: rng.chance(0.85),
    projectAutomaticPlanning: rng.chance(0.3),
    taskDateRangeBehaviour: "board-summary-bar",
    taskDateStartType: byInterval ? "interval" : "board",
    taskDateEndType: byInterval ? "interval" : "board",
    taskDateStartInterval: byInterval ? "P0D" : null,
    taskDateEndInterval: byInterval ? rng.pick(["P3D", "P5D", "P10D"]) : null,
    // Times of day, stored as moments of the epoch day.
    taskDateStartTime: byInterval ? at(EPOCH, 8) : null,
    taskDateEndTime: byInterval ? at(EPOCH, 16) : null,
    hideHourlyRateForRoles: JSON.stringify(rng.pick([["member", "none"], ["pm-passive", "member", "none"], ["none"]])),
    restrictTaskDateUpdatesToPMsOrCreators: rng.chance(0.4),
  };
}

function setProjectFields(values: CustomFieldValues, rng: Random, p: SeedProject, b: Blueprint, users: UsersWorld): void {
  const owner = { projectId: p.id };
  values.set(owner, "Priorytet", { options: [p.id === demoIds.projectId ? "Krytyczny" : rng.pick(["Niski", "Średni", "Wysoki"])] });
  values.set(owner, "Dział odpowiedzialny", {
    departmentId: users.departmentByKey.get(b.category === CATEGORY.marketing ? "sales" : b.isSimple ? "finance" : "dev")!.id,
  });
  if (!p.client) return;
  const signed = addDays(p.createdAt, -rng.int(3, 20));
  const contractNo = String(rng.int(1, 180)).padStart(3, "0");
  values.set(owner, "Numer umowy", { text: `UM/${signed.getUTCFullYear()}/${contractNo}/${p.client.shortCode}` });
  const billing = p.category === CATEGORY.maintenance ? BILLING_MODELS[2] : rng.pick(BILLING_MODELS.slice(0, 2));
  values.set(owner, "Model rozliczenia", { text: billing });
  if (b.budget !== null) values.set(owner, "Wartość kontraktu", { float: Math.round(b.budget * rng.float(1.15, 1.4)) });
  values.set(owner, "Marża docelowa", { float: rng.float(15, 35, 1) });
  values.set(owner, "Data podpisania umowy", { dateTime: at(signed, rng.int(9, 15), 0) });
  const stack = ["React", "Angular", "Node.js", ".NET", "Flutter", "PostgreSQL", "Azure"];
  values.set(owner, "Technologie", { options: rng.sample(stack, rng.int(1, 3)) });
  values.set(owner, "Komitet sterujący", { userIds: [p.pmActive.id, users.admin.id] });
}

/** Stages split the project's planned span by weight; sprint boards split their stage, other boards span it. */
function layOut(rng: Random, p: SeedProject, b: Blueprint, dictionaries: ProjectDictionaries) {
  const stages: SeedStage[] = [];
  const boards: SeedBoard[] = [];
  const stageRows: RowOf<"stage">[] = [];
  const boardRows = new Map<string, RowOf<"board">>();
  const milestoneRows: RowOf<"milestone">[] = [];
  let boardNo = 0;

  const addBoard = (stageId: string | null, name: string, typeName: string, start: Date, end: Date, weight: number) => {
    const board: SeedBoard = {
      id: rng.uuid(),
      projectId: p.id,
      stageId,
      name,
      shortCode: `${p.shortCode}${++boardNo}`,
      typeName,
      start,
      end,
      members: [],
      taskCount: rng.int(...TASKS_PER_BOARD[b.isSimple ? "Simple" : typeName]),
    };
    boards.push(board);
    const createdAt = beforeBase(rng, maxDate(addDays(start, -rng.int(3, 14)), p.createdAt));
    boardRows.set(board.id, {
      id: board.id,
      projectId: p.id,
      stageId,
      name,
      status: timeStatus(start, end, p.status),
      shortCode: board.shortCode,
      dateStart: start,
      dateEnd: end,
      weight,
      boardTypeId: dictionaries.boardTypes.get(typeName)!.id,
      // Tasks are numbered 1..n per board, so the counter holds the last number given.
      taskCounter: board.taskCount,
      createdAt,
      updatedAt: laterBefore(rng, createdAt, 60),
    });
    return board;
  };

  if (b.isSimple) {
    addBoard(null, "Zadania wdrożeniowe", "Kanban", p.start, p.end, 1);
    return { stages, boards, stageRows, boardRows, milestoneRows };
  }

  const plans = b.stages.map((k) => STAGES[k]);
  const totalWeight = plans.reduce((s, x) => s + x.weight, 0);
  const totalDays = daysBetween(p.start, p.end);
  let cursor = 0;
  plans.forEach((plan, i) => {
    const startOffset = Math.round(cursor);
    cursor += (plan.weight / totalWeight) * totalDays;
    const start = addDays(p.start, startOffset);
    const end = i === plans.length - 1 ? p.end : addDays(p.start, Math.round(cursor) - 1);
    const isShowcaseStage = p.id === demoIds.projectId && plan.type === "Implementacja";
    const id = isShowcaseStage ? demoIds.stageId : rng.uuid();
    const stage: SeedStage = { id, projectId: p.id, typeName: plan.type, name: plan.name, start, end, boards: [] };
    stages.push(stage);
    const createdAt = beforeBase(rng, maxDate(addDays(start, -rng.int(5, 20)), p.createdAt));
    stageRows.push({
      id: stage.id,
      projectId: p.id,
      name: plan.name,
      status: timeStatus(start, end, p.status),
      description: plan.description,
      dateStart: start,
      dateEnd: end,
      weight: i + 1,
      isBlameableRemovalEnabled: rng.chance(0.3),
      stageTypeId: dictionaries.stageTypes.get(plan.type)!.id,
      createdAt,
      updatedAt: laterBefore(rng, createdAt, 40),
    });

    const sprints = plan.boards.filter(([, type]) => type === "Sprint");
    const sprintDays = daysBetween(start, end) / Math.max(1, sprints.length);
    let sprintNo = 0;
    plan.boards.forEach(([name, type], j) => {
      let from = start;
      let to = end;
      if (type === "Sprint") {
        from = addDays(start, Math.round(sprintNo * sprintDays));
        to = sprintNo === sprints.length - 1 ? end : addDays(start, Math.round((sprintNo + 1) * sprintDays) - 1);
        sprintNo++;
      }
      stage.boards.push(addBoard(stage.id, name, type, from, to, j + 1));
    });

    milestoneRows.push({
      id: rng.uuid(),
      projectId: p.id,
      stageId: stage.id,
      weight: i + 1,
      name: plan.milestone,
      dateStart: at(end, 12),
      description: `Kamień milowy etapu „${plan.name}”: potwierdzenie odbioru przez ${p.client ? p.client.name : "zarząd"}.`,
      status: end < BASE_DATE ? "done" : "todo",
    });
  });

  // The showcase board is the showcase stage's sprint that is running on the base date.
  if (p.id === demoIds.projectId) {
    const stage = stages.find((s) => s.id === demoIds.stageId)!;
    const current = stage.boards.find((bd) => bd.typeName === "Sprint" && bd.start <= BASE_DATE && BASE_DATE <= bd.end)!;
    const row = boardRows.get(current.id)!;
    boardRows.delete(current.id);
    current.id = demoIds.boardId;
    current.taskCount = SHOWCASE_BOARD_TASKS;
    boardRows.set(current.id, { ...row, id: current.id, taskCounter: current.taskCount });
  }
  return { stages, boards, stageRows, boardRows, milestoneRows };
}

/** The board's leader first (a senior on delivery boards, the PM elsewhere), then two to four of the team. */
function boardMembers(rng: Random, p: SeedProject, board: SeedBoard): SeedUser[] {
  const seniors = p.team.filter((u) => ["Architekt oprogramowania", "Senior Developer"].includes(u.position) && !u.isExternal);
  const leader = ["Sprint", "Backlog"].includes(board.typeName) && seniors.length > 0 ? seniors[0] : p.pmActive;
  const others = rng.sample(
    p.team.filter((u) => u.id !== leader.id),
    rng.int(2, 4),
  );
  const members = [leader, ...others];
  if (board.id === demoIds.boardId) {
    for (const id of [demoIds.userId, demoIds.pmUserId]) {
      const u = p.team.find((x) => x.id === id)!;
      if (!members.includes(u)) members.push(u);
    }
  }
  return members;
}

function timeStatus(start: Date, end: Date, projectStatus: ProjectStatus): ProjectStatus {
  if (projectStatus === "closed" || end < startOfDay(BASE_DATE)) return "closed";
  return start > BASE_DATE || projectStatus === "in-preparation" ? "in-preparation" : "open";
}
