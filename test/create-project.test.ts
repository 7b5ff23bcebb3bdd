import { randomUUID } from "node:crypto";
import type { Viewer } from "../src/auth/authenticate";
import { issueToken } from "../src/auth/tokens";
import type { Db } from "../src/db/client";
import type { CreateProjectInput } from "../src/inputs/project/create-project.input";
import { createProject } from "../src/services/project/project.service";
import { codes, createTestApp, demoIds, gql, invalidFields, type TestApp } from "./support/test-app";

/**
 * E5 createProject against the seeded dictionaries (numberings, categories, contractors, tags,
 * custom fields, templates) plus fixture numberings and templates whose numbers are known.
 */
let t: TestApp;
let pmToken: string;
let otherPmToken: string;
const id = () => randomUUID();
const fx = {
  monthly: id(), // H2/{number}/{YYYY}/{MM}, pad 4, P1M
  plain: id(), // H2X-{number}, pad 2, never resets
  pmUser: id(),
  smallTemplate: id(),
  largeTemplate: id(),
};
let defs: Record<"text" | "float" | "datetime" | "select" | "users" | "department" | "contractor", { id: string; options: string[] }>;
let contractors: string[];
let tags: { id: string; name: string }[];
let departmentId: string;
let userIds: string[];

const NOW = () => new Date();
const pad = (n: number, len: number) => String(n).padStart(len, "0");
const thisMonth = () => `${NOW().getUTCFullYear()}-${pad(NOW().getUTCMonth() + 1, 2)}`;

const PROJECT_FIELDS = `
  id no numbering { id name pattern counterPadLength counterNextValue counterInterval isDefault } description name
  category { id name } dateStart dateEnd dateStartPlanned dateEndPlanned createdAt updatedAt
  assignedProjectUsersPm { id role hourlyRate canReportTime projectUser { id shortCode firstName lastName email hourlyRate isExternal decorator contractorId contractorName } }
  isBlameableRemovalEnabled status shortCode isSimple simpleBoardShortCode simpleBoardId contractors { id name } budget
  tags { id name } isFavorite userRole userPermissions stageCount progress timeReported timePlanned
`;
const CREATE = gql`mutation Create($input: CreateProjectInput!) { createProject(input: $input) { ${PROJECT_FIELDS} } }`;

const base = (over: Record<string, unknown> = {}) => ({
  name: "Portal klienta",
  dateStartPlanned: "2027-03-01T00:00:00.000Z",
  dateEndPlanned: "2027-09-30T00:00:00.000Z",
  isBlameableRemovalEnabled: false,
  status: "in_preparation",
  contractors: [],
  ...over,
});

const run = (input: Record<string, unknown>, token?: string | null) => t.gql(CREATE, { input }, token);

async function ok(input: Record<string, unknown>, token?: string | null) {
  const r = await run(input, token);
  expect(r.errors).toBeUndefined();
  // as a client sees it: DateTime values serialised to ISO strings
  return JSON.parse(JSON.stringify(r.data!.createProject)) as Record<string, any>;
}

/** Everything a failed creation must leave as it was. */
async function snapshot() {
  const [projects, stages, boards, settings, assignments, values, numberings] = await Promise.all([
    t.db.project.count(),
    t.db.stage.count(),
    t.db.board.count(),
    t.db.projectSettings.count(),
    t.db.projectUserAssignment.count(),
    t.db.customFieldValue.count(),
    t.db.projectNumbering.findMany({ orderBy: { id: "asc" } }),
  ]);
  return { projects, stages, boards, settings, assignments, values, numberings };
}

async function expectRefused(input: Record<string, unknown>, code: string, field?: string, token?: string) {
  const before = await snapshot();
  const r = await run(input, token);
  expect(codes(r)).toEqual([code]);
  if (field) expect(invalidFields(r)).toEqual([field]);
  expect(r.data?.createProject ?? null).toBeNull();
  expect(await snapshot()).toEqual(before);
}

async function makeTemplate(templateId: string, stages: number, boardsPerStage: number, options: string[]) {
  await t.db.projectTemplate.create({
    data: {
      id: templateId,
      name: `Template ${stages}x${boardsPerStage}`,
      dateStart: new Date("2026-01-05T00:00:00Z"),
      dateEnd: new Date("2026-12-31T00:00:00Z"),
      stageDatesRelativeToProject: true,
      createdById: demoIds.adminUserId,
      settings: JSON.stringify({ enabledTabs: ["boards"], showTaskDeadline: false }),
    },
  });
  for (let s = 0; s < stages; s += 1) {
    await t.db.projectTemplateStage.create({
      data: {
        templateId,
        name: `Etap ${s + 1}`,
        weight: s + 1,
        stageTypeId: null,
        dateStart: new Date(Date.UTC(2026, 0, 5 + s * 10)),
        dateEnd: new Date(Date.UTC(2026, 0, 14 + s * 10)),
        boards: { create: Array.from({ length: boardsPerStage }, (_, b) => ({ name: `Tablica ${s + 1}.${b + 1}`, weight: b + 1 })) },
      },
    });
  }
  await t.db.customFieldValue.create({ data: { definitionId: defs.text.id, projectTemplateId: templateId, valueText: "z szablonu" } });
  await t.db.customFieldValue.create({
    data: {
      definitionId: defs.select.id,
      projectTemplateId: templateId,
      valueSelectOptions: { create: options.map((optionId) => ({ optionId })) },
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const def = async (scope: string, dataType: string) => {
    const row = await t.db.customFieldDefinition.findFirstOrThrow({
      where: { scope, dataType },
      include: { selectOptions: { orderBy: { id: "asc" } } },
      orderBy: { id: "asc" },
    });
    return { id: row.id, options: row.selectOptions.map((o) => o.id) };
  };
  defs = {
    text: await def("project", "text"),
    float: await def("project", "float"),
    datetime: await def("project", "datetime"),
    select: await def("project", "select"),
    users: await def("project", "users"),
    department: await def("project", "department"),
    contractor: await def("contractor", "text"),
  };
  contractors = (await t.db.contractor.findMany({ orderBy: { id: "asc" }, take: 12, select: { id: true } })).map((c) => c.id);
  expect(contractors.length).toBeGreaterThanOrEqual(10);
  tags = await t.db.tag.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
  expect(tags.length).toBeGreaterThanOrEqual(4);
  departmentId = demoIds.departmentId;
  userIds = [demoIds.userId, demoIds.pmUserId];

  await t.db.projectNumbering.createMany({
    data: [
      {
        id: fx.monthly,
        name: "Miesięczna",
        pattern: "H2/{number}/{YYYY}/{MM}",
        counterPadLength: 4,
        counterNextValue: 7,
        counterInterval: "P1M",
        counterPeriod: thisMonth(),
      },
      {
        id: fx.plain,
        name: "Bez okresu",
        pattern: "H2X-{number}",
        counterPadLength: 2,
        counterNextValue: 9,
        counterInterval: null,
        counterPeriod: null,
      },
    ],
  });
  await t.db.user.create({
    data: {
      id: fx.pmUser,
      email: `${fx.pmUser}@project.example`,
      firstName: "Patrycja",
      lastName: "Nowak",
      shortCode: `PN${fx.pmUser.slice(0, 8)}`,
      hourlyRate: 175.5,
    },
  });
  await t.db.userRole.create({ data: { userId: fx.pmUser, role: "pm" } });
  pmToken = await issueToken(t.db, fx.pmUser);
  otherPmToken = await issueToken(t.db, demoIds.pmUserId);
  await makeTemplate(fx.smallTemplate, 1, 1, defs.select.options.slice(0, 1));
  await makeTemplate(fx.largeTemplate, 8, 4, defs.select.options.slice(0, 3));
});
afterAll(() => t.close());

describe("E5 createProject", () => {
  it("creates a project with the defaults and the caller as its first manager", async () => {
    const r = await ok(base({ name: "Minimalny projekt", numbering: fx.plain }), pmToken);
    const row = await t.db.project.findUniqueOrThrow({
      where: { id: r.id },
      include: { assignments: true, settings: true, boards: true, stages: true },
    });
    expect(row).toMatchObject({
      no: "H2X-09",
      numberingId: fx.plain,
      name: "Minimalny projekt",
      description: "",
      categoryId: null,
      status: "in-preparation",
      isSimple: false,
      simpleBoardId: null,
      createdById: fx.pmUser,
      projectTemplateId: null,
      dateStartPlanned: new Date("2027-03-01T00:00:00.000Z"),
      dateEndPlanned: new Date("2027-09-30T00:00:00.000Z"),
    });
    expect(row.budget?.toNumber()).toBe(0);
    expect(row.boards).toEqual([]);
    expect(row.stages).toEqual([]);
    expect(row.assignments).toEqual([expect.objectContaining({ userId: fx.pmUser, role: "pm-active", canReportTime: true })]);
    expect(row.assignments[0].hourlyRate?.toNumber()).toBe(175.5);
    // settings share the project's id and carry the column defaults
    expect(row.settings).toMatchObject({
      id: r.id,
      enabledTabs: "[]",
      showTaskDeadline: true,
      taskDateRangeBehaviour: "board-summary-bar",
      taskDateStartType: "board",
    });

    expect(r).toMatchObject({
      no: "H2X-09",
      numbering: {
        id: fx.plain,
        name: "Bez okresu",
        pattern: "H2X-{number}",
        counterPadLength: 2,
        counterNextValue: 10,
        counterInterval: null,
        isDefault: false,
      },
      description: "",
      name: "Minimalny projekt",
      category: null,
      dateStart: null,
      dateEnd: null,
      dateStartPlanned: "2027-03-01T00:00:00.000Z",
      dateEndPlanned: "2027-09-30T00:00:00.000Z",
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      isBlameableRemovalEnabled: false,
      status: "in-preparation",
      shortCode: row.shortCode,
      isSimple: false,
      simpleBoardShortCode: null,
      simpleBoardId: null,
      contractors: [],
      budget: 0,
      tags: [],
      isFavorite: false,
      userRole: "pm-active",
      userPermissions: ["canManage", "canReportTime"],
      stageCount: 0,
      progress: 0,
      timeReported: 0,
      timePlanned: 0,
    });
    expect(r.assignedProjectUsersPm).toEqual([
      {
        id: row.assignments[0].id,
        role: "pm-active",
        hourlyRate: 175.5,
        canReportTime: true,
        projectUser: {
          id: fx.pmUser,
          shortCode: `PN${fx.pmUser.slice(0, 8)}`,
          firstName: "Patrycja",
          lastName: "Nowak",
          email: `${fx.pmUser}@project.example`,
          hourlyRate: 175.5,
          isExternal: false,
          decorator: "#2490e3",
          contractorId: null,
          contractorName: null,
        },
      },
    ]);
  });

  it("stores every field of the body", async () => {
    const [c1, c2] = contractors;
    const input = base({
      name: "Pełny projekt",
      no: "  RĘCZNY/1  ",
      numbering: fx.monthly,
      category: demoIds.projectCategoryId,
      description: "Opis projektu.",
      isBlameableRemovalEnabled: true,
      status: "open",
      budget: 125000.456,
      contractors: [c2, c1, c1],
      tags: [tags[0].id, tags[1].id],
      customFieldValues: [
        { definition: defs.text.id, valueText: "UM/2027/001" },
        { definition: defs.float.id, valueFloat: 1234.5 },
        { definition: defs.datetime.id, valueDateTime: "2027-02-15T10:00:00.000Z" },
        { definition: defs.select.id, valueSelectOptions: defs.select.options.slice(0, 2) },
        { definition: defs.users.id, valueSelectUsers: userIds },
        { definition: defs.department.id, valueDepartment: departmentId },
      ],
    });
    const numberingBefore = await t.db.projectNumbering.findUniqueOrThrow({ where: { id: fx.monthly } });
    const r = await ok(input);
    const row = await t.db.project.findUniqueOrThrow({
      where: { id: r.id },
      include: {
        contractors: { include: { contractor: true } },
        tags: { include: { tag: true } },
        category: true,
        customFieldValues: { include: { valueSelectOptions: true, valueSelectUsers: true } },
      },
    });
    // a given number is kept (trimmed) and takes nothing from the counter
    expect(row).toMatchObject({
      no: "RĘCZNY/1",
      numberingId: fx.monthly,
      description: "Opis projektu.",
      categoryId: demoIds.projectCategoryId,
      status: "open",
      isBlameableRemovalEnabled: true,
      createdById: demoIds.adminUserId,
    });
    expect(await t.db.projectNumbering.findUniqueOrThrow({ where: { id: fx.monthly } })).toEqual(numberingBefore);
    expect(row.budget?.toNumber()).toBe(125000.46);
    expect(row.contractors.map((c) => c.contractorId).sort()).toEqual([c1, c2].sort());
    expect(row.tags.map((x) => x.tagId).sort()).toEqual([tags[0].id, tags[1].id].sort());
    const byDef = new Map(row.customFieldValues.map((v) => [v.definitionId, v]));
    expect(byDef.size).toBe(6);
    expect(byDef.get(defs.text.id)!.valueText).toBe("UM/2027/001");
    expect(byDef.get(defs.float.id)!.valueFloat?.toNumber()).toBe(1234.5);
    expect(byDef.get(defs.datetime.id)!.valueDateTime?.toISOString()).toBe("2027-02-15T10:00:00.000Z");
    expect(
      byDef
        .get(defs.select.id)!
        .valueSelectOptions.map((o) => o.optionId)
        .sort(),
    ).toEqual(defs.select.options.slice(0, 2).sort());
    expect(
      byDef
        .get(defs.users.id)!
        .valueSelectUsers.map((u) => u.userId)
        .sort(),
    ).toEqual([...userIds].sort());
    expect(byDef.get(defs.department.id)!.valueDepartmentId).toBe(departmentId);

    const byName = <T extends { name: string; id: string }>(xs: T[]) =>
      [...xs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
    expect(r).toMatchObject({
      no: "RĘCZNY/1",
      numbering: { id: fx.monthly, counterNextValue: numberingBefore.counterNextValue },
      description: "Opis projektu.",
      category: { id: demoIds.projectCategoryId, name: row.category!.name },
      status: "open",
      isBlameableRemovalEnabled: true,
      budget: 125000.46,
      userRole: "pm-active",
      userPermissions: ["canManage", "canReportTime"],
      assignedProjectUsersPm: [
        expect.objectContaining({ role: "pm-active", projectUser: expect.objectContaining({ id: demoIds.adminUserId }) }),
      ],
    });
    expect(r.contractors).toEqual(byName(row.contractors.map((c) => ({ id: c.contractor.id, name: c.contractor.name }))));
    expect(r.tags).toEqual(byName(row.tags.map((x) => ({ id: x.tag.id, name: x.tag.name }))));
  });

  it("numbers from the numbering's pattern and counter, starting again in a new period", async () => {
    const y = NOW().getUTCFullYear();
    const mm = pad(NOW().getUTCMonth() + 1, 2);
    const before = await t.db.projectNumbering.findUniqueOrThrow({ where: { id: fx.monthly } });
    const first = await ok(base({ name: "Numeracja A", numbering: fx.monthly }));
    expect(first.no).toBe(`H2/${pad(before.counterNextValue, 4)}/${y}/${mm}`);
    const second = await ok(base({ name: "Numeracja B", numbering: fx.monthly }));
    expect(second.no).toBe(`H2/${pad(before.counterNextValue + 1, 4)}/${y}/${mm}`);
    expect(second.numbering.counterNextValue).toBe(before.counterNextValue + 2);

    // the stored counter belongs to an older month: the counter starts again at 1
    await t.db.projectNumbering.update({ where: { id: fx.monthly }, data: { counterPeriod: "2025-01", counterNextValue: 57 } });
    const fresh = await ok(base({ name: "Numeracja C", numbering: fx.monthly }));
    expect(fresh.no).toBe(`H2/0001/${y}/${mm}`);
    expect(await t.db.projectNumbering.findUniqueOrThrow({ where: { id: fx.monthly } })).toMatchObject({
      counterNextValue: 2,
      counterPeriod: thisMonth(),
    });

    // a blank number counts as none given
    expect((await ok(base({ name: "Pusty numer", no: "   ", numbering: fx.monthly }))).no).toBe(`H2/0002/${y}/${mm}`);

    // a number some project carries already (given by hand) is skipped
    await ok(base({ name: "Ręczny numer", no: `H2/0003/${y}/${mm}` }));
    expect((await ok(base({ name: "Numeracja D", numbering: fx.monthly }))).no).toBe(`H2/0004/${y}/${mm}`);
  });

  it("uses the default numbering when none is given", async () => {
    const y = NOW().getUTCFullYear();
    const fallback = await t.db.projectNumbering.findFirstOrThrow({ where: { isDefault: true } });
    expect(fallback.id).toBe(demoIds.projectNumberingId);
    await t.db.projectNumbering.update({ where: { id: fallback.id }, data: { counterPeriod: String(y), counterNextValue: 41 } });
    const r = await ok(base({ name: "Domyślna numeracja", numbering: null }));
    expect(r.numbering).toMatchObject({
      id: fallback.id,
      isDefault: true,
      counterNextValue: 42,
      counterInterval: fallback.counterInterval,
    });
    expect(r.no).toBe(fallback.pattern.replace("{number}", "041").replace("{YYYY}", String(y)));
  });

  it("needs a number when there is no numbering to produce one", async () => {
    await t.db.projectNumbering.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
    try {
      await expectRefused(base({ name: "Bez numeru" }), "BAD_USER_INPUT", "input.no");
      expect((await ok(base({ name: "Z numerem", no: "H2/MANUAL/77" }))).numbering).toBeNull();
    } finally {
      await t.db.projectNumbering.update({ where: { id: demoIds.projectNumberingId }, data: { isDefault: true } });
    }
  });

  it("refuses a number another project has", async () => {
    const existing = await t.db.project.findUniqueOrThrow({ where: { id: demoIds.projectId } });
    await expectRefused(base({ name: "Duplikat", no: existing.no }), "CONFLICT");
  });

  it("makes a unique short code from the name", async () => {
    const a = await ok(base({ name: "Żółta łódź podwodna", numbering: fx.plain }));
    const b = await ok(base({ name: "Żółta łódź podwodna", numbering: fx.plain }));
    const c = await ok(base({ name: "Żółta łódź podwodna", numbering: fx.plain }));
    expect([a.shortCode, b.shortCode, c.shortCode]).toEqual(["ZLP", "ZLP2", "ZLP3"]);
    expect((await ok(base({ name: "Portal klienta", numbering: fx.plain }))).shortCode).toMatch(/^PORKLI\d*$/);
    expect((await ok(base({ name: "Intranet", numbering: fx.plain }))).shortCode).toMatch(/^INTRAN\d*$/);
    expect((await ok(base({ name: "2027", numbering: fx.plain }))).shortCode).toMatch(/^PRJ\d*$/);
    // codes the seed gave stay taken
    const seeded = await t.db.project.findUniqueOrThrow({ where: { id: demoIds.projectId } });
    const clash = await ok(base({ name: seeded.shortCode, numbering: fx.plain }));
    expect(clash.shortCode).not.toBe(seeded.shortCode);
    expect(clash.shortCode.startsWith(seeded.shortCode.slice(0, 6))).toBe(true);
  });

  it("creates the single board of a simple project", async () => {
    const r = await ok(base({ name: "Prosty projekt", isSimple: true, numbering: fx.plain }));
    const board = await t.db.board.findUniqueOrThrow({ where: { id: r.simpleBoardId } });
    expect(board).toMatchObject({
      projectId: r.id,
      stageId: null,
      name: "Prosty projekt",
      shortCode: `${r.shortCode}1`,
      dateStart: new Date("2027-03-01T00:00:00.000Z"),
      dateEnd: new Date("2027-09-30T00:00:00.000Z"),
    });
    expect(r).toMatchObject({ isSimple: true, simpleBoardShortCode: board.shortCode, stageCount: 0 });
    expect(await t.db.board.count({ where: { projectId: r.id } })).toBe(1);
  });

  it("gives a simple project made from a template its single board, not the template's stages", async () => {
    const r = await ok(base({ name: "Prosty z szablonu", isSimple: true, projectTemplate: fx.largeTemplate, numbering: fx.plain }));
    expect(await t.db.stage.count({ where: { projectId: r.id } })).toBe(0);
    expect((await t.db.board.findMany({ where: { projectId: r.id } })).map((b) => b.id)).toEqual([r.simpleBoardId]);
    expect(await t.db.projectSettings.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({
      enabledTabs: JSON.stringify(["boards"]),
      showTaskDeadline: false,
    });
    expect(await t.db.customFieldValue.count({ where: { projectId: r.id } })).toBe(2);
  });

  it("copies a public template's stages, boards, custom field values and settings, dates moved to the project", async () => {
    const template = await t.db.projectTemplate.findUniqueOrThrow({
      where: { id: demoIds.projectTemplateId },
      include: {
        stages: { include: { boards: true }, orderBy: { weight: "asc" } },
        savedCustomFieldValues: { include: { valueSelectOptions: true, valueSelectUsers: true } },
      },
    });
    expect(template.stageDatesRelativeToProject).toBe(true);
    const start = new Date("2027-03-01T00:00:00.000Z");
    const shift = start.getTime() - template.dateStart.getTime();
    const r = await ok(base({ name: "Z szablonu", globalProjectTemplate: demoIds.projectTemplateId, numbering: fx.plain }));
    const stages = await t.db.stage.findMany({ where: { projectId: r.id }, include: { boards: true }, orderBy: { weight: "asc" } });
    expect(
      stages.map((s) => ({
        name: s.name,
        type: s.stageTypeId,
        start: s.dateStart.getTime(),
        end: s.dateEnd.getTime(),
        boards: s.boards.map((b) => b.name).sort(),
      })),
    ).toEqual(
      template.stages.map((s) => ({
        name: s.name,
        type: s.stageTypeId,
        start: s.dateStart.getTime() + shift,
        end: s.dateEnd.getTime() + shift,
        boards: s.boards.map((b) => b.name).sort(),
      })),
    );
    const boards = stages.flatMap((s) => s.boards);
    expect(new Set(boards.map((b) => b.shortCode)).size).toBe(boards.length);
    expect(boards.every((b) => b.shortCode.startsWith(r.shortCode))).toBe(true);
    expect(r.stageCount).toBe(template.stages.length);
    // the template's category is taken when none is given
    expect(r.category.id).toBe(template.projectCategoryId);

    const settings = await t.db.projectSettings.findUniqueOrThrow({ where: { id: r.id } });
    const preset = JSON.parse(template.settings) as Record<string, unknown>;
    expect(JSON.parse(settings.enabledTabs)).toEqual(preset.enabledTabs);
    expect(JSON.parse(settings.hideHourlyRateForRoles)).toEqual(preset.hideHourlyRateForRoles);
    expect(settings.requireTaskTypeOnTaskCreation).toBe(preset.requireTaskTypeOnTaskCreation);
    expect(settings.restrictTaskDateUpdatesToPMsOrCreators).toBe(preset.restrictTaskDateUpdatesToPMsOrCreators);

    const values = await t.db.customFieldValue.findMany({
      where: { projectId: r.id },
      include: { valueSelectOptions: true, valueSelectUsers: true },
    });
    const shape = (v: (typeof values)[number] | (typeof template.savedCustomFieldValues)[number]) => ({
      definitionId: v.definitionId,
      valueText: v.valueText,
      valueFloat: v.valueFloat?.toNumber() ?? null,
      valueDateTime: v.valueDateTime,
      valueDepartmentId: v.valueDepartmentId,
      options: v.valueSelectOptions.map((o) => o.optionId).sort(),
      users: v.valueSelectUsers.map((u) => u.userId).sort(),
    });
    const byDefinition = (a: { definitionId: string }, b: { definitionId: string }) => a.definitionId.localeCompare(b.definitionId);
    expect(template.savedCustomFieldValues.length).toBeGreaterThan(0);
    expect(values.map(shape).sort(byDefinition)).toEqual(template.savedCustomFieldValues.map(shape).sort(byDefinition));
    expect(await t.db.project.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ projectTemplateId: demoIds.projectTemplateId });
  });

  it("lets given custom field values win over the template's and keeps an explicit category", async () => {
    const r = await ok(
      base({
        name: "Szablon z nadpisaniem",
        projectTemplate: fx.smallTemplate,
        numbering: fx.plain,
        category: null,
        customFieldValues: [{ definition: defs.text.id, valueText: "z formularza" }],
      }),
    );
    const values = await t.db.customFieldValue.findMany({ where: { projectId: r.id }, orderBy: { definitionId: "asc" } });
    expect(values.find((v) => v.definitionId === defs.text.id)!.valueText).toBe("z formularza");
    expect(values.map((v) => v.definitionId).sort()).toEqual([defs.text.id, defs.select.id].sort());
    expect(r.category).toBeNull();
    const settings = await t.db.projectSettings.findUniqueOrThrow({ where: { id: r.id } });
    expect(settings).toMatchObject({ enabledTabs: JSON.stringify(["boards"]), showTaskDeadline: false });
  });

  it("keeps stage dates of a template that is not relative to the project; a private template is its creator's", async () => {
    const template = await t.db.projectTemplate.findUniqueOrThrow({
      where: { id: demoIds.privateProjectTemplateId },
      include: { stages: { orderBy: { weight: "asc" } } },
    });
    expect(template.isPublic).toBe(false);
    expect(template.stageDatesRelativeToProject).toBe(false);
    const r = await ok(base({ name: "Prywatny szablon", projectTemplate: template.id, numbering: fx.plain }));
    const stages = await t.db.stage.findMany({ where: { projectId: r.id }, orderBy: { weight: "asc" } });
    expect(stages.map((s) => [s.name, s.dateStart.toISOString(), s.dateEnd.toISOString()])).toEqual(
      template.stages.map((s) => [s.name, s.dateStart.toISOString(), s.dateEnd.toISOString()]),
    );
    // another project manager may not use it...
    expect(template.createdById).not.toBe(demoIds.pmUserId);
    await expectRefused(
      base({ name: "Cudzy szablon", projectTemplate: template.id, numbering: fx.plain }),
      "FORBIDDEN",
      undefined,
      otherPmToken,
    );
    // ...and a private template is never a global one
    await expectRefused(
      base({ name: "Globalny prywatny", globalProjectTemplate: template.id, numbering: fx.plain }),
      "BAD_USER_INPUT",
      "input.globalProjectTemplate",
    );
    await expectRefused(
      base({ name: "Dwa szablony", projectTemplate: fx.smallTemplate, globalProjectTemplate: demoIds.projectTemplateId }),
      "BAD_USER_INPUT",
      "input.globalProjectTemplate",
    );
  });

  it("checks lengths, ranges and value sets at their bounds", async () => {
    expect((await ok(base({ name: "n".repeat(100), numbering: fx.plain }))).name).toHaveLength(100);
    await expectRefused(base({ name: "n".repeat(101) }), "BAD_USER_INPUT", "input.name");
    await expectRefused(base({ name: "" }), "BAD_USER_INPUT", "input.name");
    expect((await ok(base({ name: "Numer 50", no: "N".repeat(50) }))).no).toHaveLength(50);
    await expectRefused(base({ no: "N".repeat(51) }), "BAD_USER_INPUT", "input.no");
    expect((await ok(base({ name: "Opis", description: "d".repeat(100_000), numbering: fx.plain }))).description).toHaveLength(100_000);
    await expectRefused(base({ description: "d".repeat(100_001) }), "BAD_USER_INPUT", "input.description");
    await expectRefused(base({ status: "closed" }), "BAD_USER_INPUT", "input.status");
    expect((await ok(base({ name: "Open", status: "open", numbering: fx.plain }))).status).toBe("open");
    await expectRefused(base({ budget: -0.01 }), "BAD_USER_INPUT", "input.budget");
    expect((await ok(base({ name: "Max budget", budget: 999_999_999_999.99, numbering: fx.plain }))).budget).toBe(999_999_999_999.99);
    await expectRefused(base({ budget: 1_000_000_000_000 }), "BAD_USER_INPUT", "input.budget");
    await expectRefused(base({ contractors: Array.from({ length: 101 }, () => contractors[0]) }), "BAD_USER_INPUT", "input.contractors");
    await expectRefused(base({ tags: Array.from({ length: 101 }, () => tags[0].id) }), "BAD_USER_INPUT", "input.tags");
    await expectRefused(
      base({ customFieldValues: [{ definition: defs.text.id, valueText: "t".repeat(100_001) }] }),
      "BAD_USER_INPUT",
      "input.customFieldValues.0.valueText",
    );
  });

  it("refuses a planned end before the planned start", async () => {
    await expectRefused(
      base({ dateStartPlanned: "2027-03-01T00:00:00.000Z", dateEndPlanned: "2027-02-28T23:59:59.999Z" }),
      "BAD_USER_INPUT",
      "input.dateEndPlanned",
    );
    expect(
      (
        await ok(
          base({
            name: "Jednodniowy",
            dateStartPlanned: "2027-03-01T00:00:00.000Z",
            dateEndPlanned: "2027-03-01T00:00:00.000Z",
            numbering: fx.plain,
          }),
        )
      ).dateEndPlanned,
    ).toBe("2027-03-01T00:00:00.000Z");
  });

  it("refuses references that do not exist, creating nothing", async () => {
    for (const over of [
      { category: id() },
      { numbering: id() },
      { contractors: [contractors[0], id()] },
      { tags: [id()] },
      { projectTemplate: id() },
      { globalProjectTemplate: id() },
      { customFieldValues: [{ definition: id(), valueText: "x" }] },
      { customFieldValues: [{ definition: defs.users.id, valueSelectUsers: [id()] }] },
      { customFieldValues: [{ definition: defs.department.id, valueDepartment: id() }] },
    ]) {
      await expectRefused(base({ name: "Nie powstanie", numbering: fx.monthly, ...over }), "NOT_FOUND");
    }
  });

  it("checks custom field values against their definitions", async () => {
    const otherSelect = await t.db.customFieldSelectOption.findFirstOrThrow({ where: { definitionId: { not: defs.select.id } } });
    await expectRefused(
      base({ customFieldValues: [{ definition: defs.contractor.id, valueText: "x" }] }),
      "BAD_USER_INPUT",
      "input.customFieldValues.0.definition",
    );
    await expectRefused(
      base({ customFieldValues: [{ definition: defs.text.id, valueFloat: 1 }] }),
      "BAD_USER_INPUT",
      "input.customFieldValues.0.valueFloat",
    );
    await expectRefused(
      base({ customFieldValues: [{ definition: defs.select.id, valueSelectOptions: [otherSelect.id] }] }),
      "BAD_USER_INPUT",
      "input.customFieldValues.0.valueSelectOptions.0",
    );
    await expectRefused(
      base({
        customFieldValues: [
          { definition: defs.text.id, valueText: "a" },
          { definition: defs.text.id, valueText: "b" },
        ],
      }),
      "BAD_USER_INPUT",
      "input.customFieldValues.1.definition",
    );
  });

  it("answers BAD_USER_INPUT for malformed ids", async () => {
    await expectRefused(base({ contractors: ["c-1"] }), "BAD_USER_INPUT", "input.contractors.0");
    await expectRefused(base({ category: "kat" }), "BAD_USER_INPUT", "input.category");
    await expectRefused(base({ customFieldValues: [{ definition: "def" }] }), "BAD_USER_INPUT", "input.customFieldValues.0.definition");
  });

  it("needs a token, and the admin or pm role", async () => {
    await expectRefused(base({ name: "Anonimowy" }), "UNAUTHENTICATED", undefined, null as unknown as string);
    await expectRefused(base({ name: "Zwykły użytkownik" }), "FORBIDDEN", undefined, t.userToken);
  });

  it("leaves nothing behind when a step fails half-way through", async () => {
    const before = await snapshot();
    const admin = await t.db.user.findUniqueOrThrow({ where: { id: demoIds.adminUserId } });
    const viewer: Viewer = { id: admin.id, email: admin.email, roles: ["admin"], isAdmin: true };
    // the custom field values are the last write: make it fail after the project, board and settings exist
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== "$transaction") return Reflect.get(target, prop, receiver);
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.$transaction((tx) =>
            fn(
              new Proxy(tx, {
                get(inner, key, r) {
                  if (key === "customFieldValue") return { createMany: () => Promise.reject(new Error("disk full")) };
                  return Reflect.get(inner, key, r);
                },
              }),
            ),
          );
      },
    }) as Db;
    const input = {
      name: "Przerwany",
      dateStartPlanned: new Date("2027-03-01T00:00:00Z"),
      dateEndPlanned: new Date("2027-04-01T00:00:00Z"),
      isBlameableRemovalEnabled: false,
      status: "open",
      budget: 10,
      isSimple: true,
      contractors: [contractors[0]],
      tags: [tags[0].id],
      numbering: fx.monthly,
      customFieldValues: [{ definition: defs.text.id, valueText: "x" }],
    } as unknown as CreateProjectInput;
    await expect(createProject(await t.contextOf(viewer, failing), input)).rejects.toThrow("disk full");
    expect(await snapshot()).toEqual(before);
    expect(await t.db.project.count({ where: { name: "Przerwany" } })).toBe(0);
  });

  it("costs the same number of statements for short and long lists", async () => {
    const small = base({
      name: "Mały",
      numbering: fx.monthly,
      contractors: contractors.slice(0, 1),
      tags: tags.slice(0, 1).map((x) => x.id),
      projectTemplate: fx.smallTemplate,
      customFieldValues: [{ definition: defs.users.id, valueSelectUsers: userIds.slice(0, 1) }],
    });
    const large = base({
      name: "Duży",
      numbering: fx.monthly,
      contractors: contractors.slice(0, 10),
      tags: tags.map((x) => x.id),
      projectTemplate: fx.largeTemplate,
      customFieldValues: [
        { definition: defs.users.id, valueSelectUsers: userIds },
        { definition: defs.float.id, valueFloat: 2 },
        { definition: defs.datetime.id, valueDateTime: "2027-01-01T00:00:00.000Z" },
      ],
    });
    let bigId = "";
    const s = await t.countStatements(() => ok(small));
    const l = await t.countStatements(async () => {
      bigId = (await ok(large)).id;
    });
    expect(await t.db.board.count({ where: { projectId: bigId } })).toBe(32);
    expect(s).toBeGreaterThan(0);
    expect(l).toBe(s);
    console.log(`createProject statements: ${s}/${l}`);
  });

  it("reads projects as federation entities in the same number of statements, for the caller", async () => {
    const query = gql`query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Project { ${PROJECT_FIELDS} } } }`;
    const created = await ok(base({ name: "Encja", numbering: fx.plain, contractors: contractors.slice(0, 1) }));
    const demo = await t.db.project.findUniqueOrThrow({
      where: { id: demoIds.projectId },
      include: {
        assignments: { where: { role: { in: ["pm-active", "pm-passive"] } } },
        favorites: true,
        contractors: true,
        tags: true,
        stages: true,
      },
    });
    let answer: Record<string, any> = {};
    const one = await t.countStatements(() => t.gql(query, { reps: [{ __typename: "Project", id: created.id }] }, t.userToken));
    const big = await t.countStatements(async () => {
      answer = JSON.parse(
        JSON.stringify(
          await t.gql(
            query,
            {
              reps: [
                { __typename: "Project", id: demoIds.projectId },
                { __typename: "Project", id: created.id },
              ],
            },
            t.userToken,
          ),
        ),
      );
    });
    expect(big).toBe(one);
    expect(answer.errors).toBeUndefined();

    // a project with ten contractors, every tag and six managers costs what a bare one costs
    const large = await ok(
      base({ name: "Encja duża", numbering: fx.plain, contractors: contractors.slice(0, 10), tags: tags.map((x) => x.id) }),
    );
    const managers = await t.db.user.findMany({
      where: { id: { not: demoIds.adminUserId } },
      take: 5,
      orderBy: { id: "asc" },
      select: { id: true },
    });
    await t.db.projectUserAssignment.createMany({
      data: managers.map((u, i) => ({ projectId: large.id, userId: u.id, role: i % 2 ? "pm-passive" : "pm-active" })),
    });
    let largeAnswer: Record<string, any> = {};
    const bare = await t.countStatements(() => t.gql(query, { reps: [{ __typename: "Project", id: created.id }] }));
    const full = await t.countStatements(async () => {
      largeAnswer = await t.gql(query, { reps: [{ __typename: "Project", id: large.id }] });
    });
    expect(full).toBe(bare);
    expect(largeAnswer.data._entities[0].assignedProjectUsersPm).toHaveLength(6);
    expect(largeAnswer.data._entities[0].contractors).toHaveLength(10);
    expect(largeAnswer.data._entities[0].tags).toHaveLength(tags.length);
    const [p] = answer.data._entities;
    const mine = await t.db.projectUserAssignment.findUnique({
      where: { projectId_userId: { projectId: demoIds.projectId, userId: demoIds.userId } },
    });
    const [tasks, finished, reported] = await Promise.all([
      t.db.task.aggregate({ where: { projectId: demoIds.projectId }, _count: { _all: true }, _sum: { timePlanned: true } }),
      t.db.task.count({ where: { projectId: demoIds.projectId, finishedAt: { not: null } } }),
      t.db.reportedTime.aggregate({ where: { projectId: demoIds.projectId }, _sum: { seconds: true } }),
    ]);
    expect(p).toMatchObject({
      id: demoIds.projectId,
      no: demo.no,
      shortCode: demo.shortCode,
      stageCount: demo.stages.length,
      isFavorite: demo.favorites.some((f) => f.userId === demoIds.userId),
      userRole: mine?.role ?? "none",
      timePlanned: tasks._sum.timePlanned ?? 0,
      timeReported: reported._sum.seconds ?? 0,
    });
    expect(p.progress).toBeCloseTo(tasks._count._all === 0 ? 0 : finished / tasks._count._all);
    expect(p.assignedProjectUsersPm.map((a: { id: string }) => a.id).sort()).toEqual(demo.assignments.map((a) => a.id).sort());
    expect(p.contractors).toHaveLength(demo.contractors.length);
    expect(p.tags).toHaveLength(demo.tags.length);
    expect(p.userPermissions.includes("canManage")).toBe(mine?.role === "pm-active" || mine?.role === "pm-passive");
    // the demo project has longer lists than the fixture, so the equal counts above mean something
    expect(demo.assignments.length + demo.contractors.length + demo.tags.length).toBeGreaterThan(3);
    console.log(
      `Project entity statements: ${one}/${big} and ${bare}/${full} (demo project: ${demo.assignments.length} PMs, ${demo.contractors.length} contractors, ${demo.tags.length} tags, ${demo.stages.length} stages)`,
    );
  });
});
