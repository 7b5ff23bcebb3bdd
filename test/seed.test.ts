import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashToken } from "../src/auth/tokens";
import { prismaClient, Prisma, type Db } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { demoIds, isEmpty, seed } from "../src/seed";

/**
 * The demo-data generator: deterministic, complete (every table), consistent with the rules the
 * API relies on, and holding the showcase objects prisma/demo-ids.json promises.
 */
/** Tables the server fills as it serves, never the seed: the stored answers of Idempotency-Key requests. */
const SERVED_STATE = new Set<string>([Prisma.ModelName.IdempotencyKey]);
const MODELS = Object.values(Prisma.ModelName).filter((m) => !SERVED_STATE.has(m));
const ADMIN_TOKEN = "wm_seed_test_admin_token_0123456789";
const files: string[] = [];
const dbs: Db[] = [];

type Delegate = { findMany(args?: unknown): Promise<Record<string, unknown>[]>; count(): Promise<number> };
const table = (db: Db, model: string) => (db as unknown as Record<string, Delegate>)[model.charAt(0).toLowerCase() + model.slice(1)];

async function freshDb(name: string): Promise<Db> {
  const path = join(tmpdir(), `wm-seed-test-${process.pid}-${name}.db`);
  rmSync(path, { force: true });
  files.push(path);
  const db = prismaClient({ url: `file:${path}` }).client;
  dbs.push(db);
  await migrate(db, "sqlite");
  return db;
}

/** A digest of a whole table, ordered by id: equal digests mean equal rows. */
async function digest(db: Db, model: string): Promise<string> {
  const rows = await table(db, model).findMany({ orderBy: { id: "asc" } });
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex");
}

let a: Db;
let b: Db;
let first: Awaited<ReturnType<typeof seed>>;
let second: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  a = await freshDb("a");
  b = await freshDb("b");
  expect(await isEmpty(a)).toBe(true);
  first = await seed(a, { adminToken: ADMIN_TOKEN });
  second = await seed(b);
}, 120_000);

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.$disconnect()));
  for (const f of files) rmSync(f, { force: true });
});

describe("seed", () => {
  it("is deterministic: two runs write the same rows (the API token aside)", async () => {
    expect(second.counts).toEqual(first.counts);
    const models = MODELS.filter((m) => m !== "ApiToken");
    const left = Object.fromEntries(await Promise.all(models.map(async (m) => [m, await digest(a, m)])));
    const right = Object.fromEntries(await Promise.all(models.map(async (m) => [m, await digest(b, m)])));
    expect(right).toEqual(left);
  });

  it("fills every table, and reports what it wrote", async () => {
    expect(await isEmpty(a)).toBe(false);
    const counts = Object.fromEntries(await Promise.all(MODELS.map(async (m) => [m, await table(a, m).count()])));
    const empty = MODELS.filter((m) => counts[m] === 0);
    expect(empty).toEqual([]);
    expect(first.counts).toEqual(counts);
  });

  it("has the volume of scale 1", async () => {
    expect(await a.user.count()).toBeGreaterThanOrEqual(38);
    expect(await a.user.count()).toBeLessThanOrEqual(45);
    expect(await a.department.count()).toBe(5);
    expect(await a.contractor.count()).toBe(10);
    expect(await a.project.count()).toBe(12);
    expect(await a.task.count()).toBeGreaterThanOrEqual(350);
    expect(await a.task.count()).toBeLessThanOrEqual(460);
    expect(await a.vacation.count()).toBe(150);
    expect(await a.invoice.count()).toBe(30);
    expect(await a.note.count()).toBe(20);
  });

  it("stores the admin token as given, hashed", async () => {
    expect(first.adminToken).toBe(ADMIN_TOKEN);
    const tokens = await a.apiToken.findMany();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ userId: demoIds.adminUserId, tokenHash: hashToken(ADMIN_TOKEN) });
    // Without one, a fresh random token in the usual format.
    expect(second.adminToken).toMatch(/^wm_[A-Za-z0-9_-]{43}$/);
    expect((await b.apiToken.findFirstOrThrow()).tokenHash).toBe(hashToken(second.adminToken));
  });
});

describe("seed: the showcase objects of prisma/demo-ids.json", () => {
  it("users", async () => {
    const admin = await a.user.findUniqueOrThrow({ where: { id: demoIds.adminUserId }, include: { roles: true } });
    expect(admin.email).toBe(demoIds.adminEmail);
    expect(admin.roles.map((r) => r.role)).toContain("admin");
    const user = await a.user.findUniqueOrThrow({ where: { id: demoIds.userId }, include: { roles: true, userDepartments: true } });
    expect(user).toMatchObject({ email: demoIds.userEmail, canLogIn: true, allowApiTokenAuthentication: true, isExternal: false });
    expect(user.roles.map((r) => r.role)).toEqual(["user"]);
    expect(user.userDepartments.map((d) => d.departmentId)).toContain(demoIds.departmentId);
    const pm = await a.user.findUniqueOrThrow({ where: { id: demoIds.pmUserId }, include: { roles: true } });
    expect(pm.roles.map((r) => r.role)).toContain("pm");
  });

  it("dictionaries and references", async () => {
    await a.department.findUniqueOrThrow({ where: { id: demoIds.departmentId } });
    await a.contractor.findUniqueOrThrow({ where: { id: demoIds.contractorId } });
    await a.projectCategory.findUniqueOrThrow({ where: { id: demoIds.projectCategoryId } });
    expect(await a.projectNumbering.findUniqueOrThrow({ where: { id: demoIds.projectNumberingId } })).toMatchObject({
      isDefault: true,
      pattern: "PRJ/{number}/{YYYY}",
    });
    await a.stageType.findUniqueOrThrow({ where: { id: demoIds.stageTypeId } });
    await a.boardType.findUniqueOrThrow({ where: { id: demoIds.boardTypeId } });
    await a.taskType.findUniqueOrThrow({ where: { id: demoIds.taskTypeId } });
    await a.riskType.findUniqueOrThrow({ where: { id: demoIds.riskTypeId } });
    await a.riskImpact.findUniqueOrThrow({ where: { id: demoIds.riskImpactId } });
    await a.vacationType.findUniqueOrThrow({ where: { id: demoIds.vacationTypeId } });
    await a.fileCategory.findUniqueOrThrow({ where: { id: demoIds.fileCategoryId } });
    await a.reportedTimeType.findUniqueOrThrow({ where: { id: demoIds.reportedTimeTypeId } });
    const pln = await a.currencyDictionary.findUniqueOrThrow({ where: { id: demoIds.currencyDictionaryId } });
    expect(pln).toMatchObject({ code: "PLN", isDefault: true });
  });

  it("project, stage, board and task", async () => {
    const project = await a.project.findUniqueOrThrow({
      where: { id: demoIds.projectId },
      include: { assignments: true, settings: true, customFieldValues: true, contractors: true },
    });
    expect(project).toMatchObject({ categoryId: demoIds.projectCategoryId, numberingId: demoIds.projectNumberingId, isSimple: false });
    expect(project.settings?.id).toBe(project.id);
    expect(project.contractors.map((c) => c.contractorId)).toContain(demoIds.contractorId);
    const roles = Object.fromEntries(project.assignments.map((x) => [x.userId, x.role]));
    expect(roles[demoIds.pmUserId]).toBe("pm-active");
    expect(roles[demoIds.userId]).toBe("member");

    const stage = await a.stage.findUniqueOrThrow({ where: { id: demoIds.stageId } });
    expect(stage).toMatchObject({ projectId: demoIds.projectId, stageTypeId: demoIds.stageTypeId });
    const board = await a.board.findUniqueOrThrow({ where: { id: demoIds.boardId }, include: { users: true, tasks: true } });
    expect(board).toMatchObject({ projectId: demoIds.projectId, stageId: demoIds.stageId, boardTypeId: demoIds.boardTypeId });
    expect(board.users.map((u) => u.userId)).toEqual(expect.arrayContaining([demoIds.userId, demoIds.pmUserId]));
    expect(board.users.filter((u) => u.role === "leader-active")).toHaveLength(1);

    const task = await a.task.findUniqueOrThrow({ where: { id: demoIds.taskId }, include: { checklists: { include: { items: true } } } });
    expect(task).toMatchObject({ boardId: demoIds.boardId, taskTypeId: demoIds.taskTypeId, shareToken: demoIds.sharedTaskToken });
    expect(task.checklists.length).toBeGreaterThanOrEqual(3);
    expect(task.checklists.every((c) => c.items.length > 0)).toBe(true);

    const simple = await a.project.findUniqueOrThrow({ where: { id: demoIds.simpleProjectId }, include: { boards: true } });
    expect(simple.isSimple).toBe(true);
    expect(simple.boards).toHaveLength(1);
    expect(simple.simpleBoardId).toBe(simple.boards[0].id);
  });

  it("the shared task's threaded comments", async () => {
    const task = await a.task.findUniqueOrThrow({ where: { shareToken: demoIds.sharedTaskToken } });
    const comments = await a.taskComment.findMany({ where: { taskId: task.id } });
    const topLevel = comments.filter((c) => c.repliesToId === null);
    expect(topLevel.length).toBeGreaterThanOrEqual(8);
    expect(comments.length - topLevel.length).toBeGreaterThanOrEqual(5);
    const withReplies = comments.find((c) => c.id === demoIds.commentWithRepliesId)!;
    expect(withReplies.taskId).toBe(task.id);
    expect(withReplies.repliesToId).toBeNull();
    expect(comments.filter((c) => c.repliesToId === withReplies.id).length).toBeGreaterThanOrEqual(2);
    expect(await a.taskCommentMention.count({ where: { comment: { taskId: task.id } } })).toBeGreaterThan(0);
    expect(await a.file.count({ where: { type: "task-comment", taskComment: { taskId: task.id } } })).toBeGreaterThan(0);
  });

  it("templates", async () => {
    const pub = await a.projectTemplate.findUniqueOrThrow({
      where: { id: demoIds.projectTemplateId },
      include: { stages: { include: { boards: true } }, savedCustomFieldValues: true },
    });
    expect(pub.isPublic).toBe(true);
    expect(pub.stages.length).toBeGreaterThan(0);
    expect(pub.stages.every((s) => s.boards.length > 0)).toBe(true);
    expect(pub.savedCustomFieldValues.length).toBeGreaterThan(0);
    const priv = await a.projectTemplate.findUniqueOrThrow({
      where: { id: demoIds.privateProjectTemplateId },
      include: { createdBy: { include: { roles: true } } },
    });
    expect(priv.isPublic).toBe(false);
    expect(priv.createdBy.roles.map((r) => r.role)).not.toContain("admin");
  });

  it("risk, note, chat, invoice and vacation", async () => {
    expect(await a.risk.findUniqueOrThrow({ where: { id: demoIds.riskId } })).toMatchObject({
      projectId: demoIds.projectId,
      typeId: demoIds.riskTypeId,
      impactId: demoIds.riskImpactId,
    });
    expect((await a.note.findUniqueOrThrow({ where: { id: demoIds.noteId } })).contractorId).toBe(demoIds.contractorId);

    const member = await a.assignedChatTopicUser.findUniqueOrThrow({
      where: { topicId_userId: { topicId: demoIds.chatTopicId, userId: demoIds.chatUserId } },
    });
    expect(member.isTopicOwner).toBe(false);
    expect((await a.chatMessage.findUniqueOrThrow({ where: { id: demoIds.chatMessageId } })).topicId).toBe(demoIds.chatTopicId);

    const invoice = await a.invoice.findUniqueOrThrow({ where: { id: demoIds.invoiceId }, include: { items: true } });
    expect(invoice).toMatchObject({ isDraft: false, numberingId: demoIds.invoiceNumberingId, correctedInvoiceId: null });
    expect(invoice.items.length).toBeGreaterThan(0);
    const numbering = await a.invoiceNumbering.findUniqueOrThrow({ where: { id: demoIds.invoiceNumberingId } });
    expect(numbering).toMatchObject({ pattern: "FV/{number}/{MM}/{YYYY}", resetInterval: "P1M", leadingZero: 4 });
    const correction = await a.invoice.findUniqueOrThrow({ where: { id: demoIds.correctionInvoiceId }, include: { items: true } });
    expect(correction.invoiceType).toBe("Kor");
    expect(correction.correctedInvoiceId).not.toBeNull();
    expect(correction.items.some((i) => i.isPrevious)).toBe(true);
    expect(correction.items.some((i) => !i.isPrevious)).toBe(true);

    const vacation = await a.vacation.findUniqueOrThrow({ where: { id: demoIds.vacationId } });
    expect(vacation).toMatchObject({ calendarUserId: demoIds.userId, vacationTypeId: demoIds.vacationTypeId, status: "q" });
  });
});

describe("seed: consistency the API relies on", () => {
  it("users: search text, one leader per department at least", async () => {
    for (const u of await a.user.findMany()) {
      expect(u.searchText).toBe(`${u.firstName} ${u.lastName} ${u.email} ${u.shortCode}`.toLowerCase());
    }
    for (const d of await a.department.findMany({ include: { userDepartments: true } })) {
      expect(d.userDepartments.some((m) => m.isLeader)).toBe(true);
    }
    expect(await a.user.count({ where: { canLogIn: false } })).toBeGreaterThan(0);
    expect(await a.user.count({ where: { isExternal: true } })).toBeGreaterThan(0);
    expect(await a.user.count({ where: { allowApiTokenAuthentication: false } })).toBeGreaterThan(0);
  });

  it("tasks are numbered per board and the counters match", async () => {
    const boards = await a.board.findMany({ include: { tasks: { orderBy: { no: "asc" } } } });
    for (const board of boards) {
      expect(board.tasks.map((t) => t.no)).toEqual(board.tasks.map((_, i) => i + 1));
      expect(board.taskCounter).toBe(board.tasks.length);
      for (const t of board.tasks) {
        expect(t.shortCode).toBe(`${board.shortCode}-${t.no}`);
        expect(t.finishedAt !== null).toBe(t.columnStatus === "done");
      }
    }
  });

  it("every project has its settings row, and gantt links stay inside their project", async () => {
    const projects = await a.project.findMany({ include: { settings: true } });
    for (const p of projects) {
      expect(p.settings?.id).toBe(p.id);
      expect(Array.isArray(JSON.parse(p.settings!.enabledTabs))).toBe(true);
      expect(Array.isArray(JSON.parse(p.settings!.hideHourlyRateForRoles))).toBe(true);
    }
    const owners = new Map<string, string>();
    for (const t of await a.task.findMany({ select: { id: true, projectId: true } })) owners.set(t.id, t.projectId);
    for (const b of await a.board.findMany({ select: { id: true, projectId: true } })) owners.set(b.id, b.projectId);
    for (const link of await a.ganttLink.findMany()) {
      expect(owners.get(link.sourceId)).toBe(link.projectId);
      expect(owners.get(link.targetId)).toBe(link.projectId);
    }
  });

  it("invoice amounts add up and the numbering counters match the invoices", async () => {
    const invoices = await a.invoice.findMany({ include: { items: true } });
    for (const inv of invoices) {
      const current = inv.items.filter((i) => !i.isPrevious);
      for (const item of inv.items) {
        expect(item.netAmount.add(item.vatAmount).equals(item.grossAmount)).toBe(true);
        expect(item.netAmount.equals(item.count.mul(item.priceUnit).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP))).toBe(true);
      }
      const sum = (f: "netAmount" | "vatAmount" | "grossAmount") => current.reduce((s, i) => s.add(i[f]), new Prisma.Decimal(0));
      expect(inv.netAmount.equals(sum("netAmount"))).toBe(true);
      expect(inv.vatAmount.equals(sum("vatAmount"))).toBe(true);
      expect(inv.grossAmount.equals(sum("grossAmount"))).toBe(true);
    }
    const counters = await a.invoiceNumberingCounter.findMany();
    expect(counters.length).toBeGreaterThan(0);
    for (const c of counters) {
      const numbered = invoices.filter((i) => i.numberingId === c.numberingId && i.numberingPeriod === c.period && i.no !== null);
      expect(c.lastValue).toBe(numbered.length);
    }
    expect(await a.invoiceNumbering.count({ where: { resetInterval: "P1Y" } })).toBeGreaterThan(0);
    const taxes = new Set(invoices.flatMap((i) => i.items.map((item) => item.tax)));
    for (const tax of ["23", "8", "5", "0", "zw"]) expect(taxes).toContain(tax);
    const types = new Set(invoices.map((i) => i.invoiceType));
    for (const type of ["Vat", "fv", "pf", "Zal", "Kor"]) expect(types).toContain(type);
  });

  it("vacations: first date, search text, decisions that match the status", async () => {
    const vacations = await a.vacation.findMany({ include: { dates: { orderBy: { date: "asc" } } } });
    const statuses = new Set(vacations.map((v) => v.status));
    expect([...statuses].sort()).toEqual(["accepted", "cancelled", "q", "rejected"]);
    for (const v of vacations) {
      expect(v.dates.length).toBeGreaterThan(0);
      expect(v.firstDate).toEqual(v.dates[0].date);
      expect(v.searchText).toBe(v.description.toLowerCase());
      expect(v.acceptedById !== null).toBe(v.status === "accepted");
      expect(v.rejectedById !== null).toBe(v.status === "rejected");
      expect(v.dates.every((d) => d.date.getUTCDay() !== 0 && d.date.getUTCDay() !== 6)).toBe(true);
    }
    expect(new Set(vacations.map((v) => v.vacationYear))).toEqual(new Set([2025, 2026]));
    expect(await a.vacationType.count({ where: { isActive: false } })).toBeGreaterThan(0);
  });

  it("reported time is in quarter-hours over the six weeks before the base date", async () => {
    const times = await a.reportedTime.findMany();
    expect(times.length).toBeGreaterThan(0);
    const from = new Date("2026-09-21T00:00:00Z");
    const to = new Date("2026-11-02T00:00:00Z");
    for (const t of times) {
      expect(t.seconds % 900).toBe(0);
      expect(t.seconds).toBeGreaterThan(0);
      expect(t.date >= from && t.date < to).toBe(true);
    }
  });

  it("chat topics have exactly one owner, who is a member", async () => {
    for (const topic of await a.chatTopic.findMany({ include: { users: true } })) {
      const owners = topic.users.filter((u) => u.isTopicOwner);
      expect(owners.map((o) => o.userId)).toEqual([topic.createdById]);
    }
  });

  it("shortcuts are weighted 1..n per user", async () => {
    const byUser = new Map<string, number[]>();
    for (const s of await a.shortcut.findMany()) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s.weight]);
    expect(byUser.size).toBeGreaterThan(3);
    for (const weights of byUser.values()) expect(weights.sort((x, y) => x - y)).toEqual(weights.map((_, i) => i + 1));
  });

  it("nothing happens after the base date except what is planned", async () => {
    const base = new Date("2026-11-02T00:00:00Z");
    const late = new Set<string>();
    for (const model of MODELS.filter((m) => m !== "ApiToken")) {
      for (const row of await table(a, model).findMany()) {
        for (const field of ["createdAt", "updatedAt", "finishedAt", "lastActivity", "lastActivityMobile", "lastReadAt", "issueDate"]) {
          const value = row[field];
          if (value instanceof Date && value >= base && !(model === "Invoice" && row.isDraft)) late.add(`${model}.${field}`);
        }
      }
    }
    expect([...late]).toEqual([]);
  });
});

describe("seed: scale", () => {
  it("scale 2 writes about twice the tasks, with the same showcase objects", async () => {
    const c = await freshDb("scale2");
    await seed(c, { scale: 2 });
    const ratio = (await c.task.count()) / (await a.task.count());
    expect(ratio).toBeGreaterThan(1.7);
    expect(ratio).toBeLessThan(2.3);
    expect(await c.user.count()).toBeGreaterThan(70);
    expect(await c.invoice.count()).toBe(60 - 1);
    await c.task.findUniqueOrThrow({ where: { id: demoIds.taskId } });
    await c.invoice.findUniqueOrThrow({ where: { id: demoIds.invoiceId } });
  }, 120_000);
});
