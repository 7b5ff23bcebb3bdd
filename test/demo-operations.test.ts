import { createTestApp, demoIds, type TestApp } from "./support/test-app";
import { loadExamples, type Example } from "../src/server/examples";

/**
 * Every one of the twenty operations, run from the very documents and variables the playground
 * offers (examples/*.graphql with examples/*.json, demo ids from prisma/demo-ids.json): each
 * answers data and no error on the seeded database, with the figures checked below.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const d = demoIds;
const examples = loadExamples();

/** What each example's answer must show, beyond "data and no error". */
const expectations: Record<string, (value: any) => void> = {
  E1: (v) => expect(v).toMatchObject({ isMutedIndefinitely: true, chatUser: { id: d.chatUserId } }),
  E2: (v) => expect(v).toMatchObject({ lastReadMessage: d.chatMessageId, isUnread: false }),
  E3: (v) => expect(v).toMatchObject({ id: d.stageId, description: "Updated from the demo", project: d.projectId }),
  E4: (v) => {
    expect(v).toMatchObject({ netAmount: 2000, vatAmount: 460, grossAmount: 2460 });
    expect(v.no).toMatch(/^FV\/\d{4}\//);
  },
  E5: (v) => expect(v.stageCount).toBeGreaterThan(0),
  E6: (v) => expect(v.paginationInfo.totalCount).toBeGreaterThanOrEqual(3),
  E7: (v) => {
    expect(v.items).toHaveLength(5);
    // the day filter of the example: each vacation has a day on or after 2026-01-01
    for (const vacation of v.items) expect(vacation.vacationDates.some((d: { date: string }) => d.date >= "2026-01-01")).toBe(true);
  },
  E8: (v) => expect(v.paginationInfo.totalCount).toBeGreaterThanOrEqual(40),
  E9: (v) => expect(v.isPublic).toBe(true),
  E10: (v) => expect(v).toMatchObject({ board: d.boardId, projectUser: { id: d.pmUserId } }),
  E11: (v) => expect(v).toMatchObject({ probability: 4, type: d.riskTypeId, impact: d.riskImpactId, project: d.projectId }),
  E12: (v) => {
    expect(v.items.length).toBeGreaterThan(0);
    expect(v.items.every((c: any) => c.repliesTo === d.commentWithRepliesId)).toBe(true);
  },
  E13: (v) => expect(v).toEqual([expect.objectContaining({ extension: "pdf" })]),
  E14: (v) => expect(v).toMatchObject({ id: d.noteId }),
  E15: (v) => expect(v.tasks.length).toBeGreaterThan(0),
  E16: (v) => {
    expect(v.length).toBeGreaterThan(0);
    expect(v.every((e: any) => e.seconds > 0)).toBe(true);
  },
  E17: (v) => expect(v).toMatchObject({ id: d.projectId }),
  E18: (v) => expect(v).toMatchObject({ code: "NOK" }),
  E19: (v) => expect(v).toMatchObject({ decorator: "#44a069" }),
  E20: (v) => expect(v).toMatchObject({ name: "Gantt" }),
};

describe("the twenty operations on the demo data, from examples/", () => {
  it("has one example per operation E1..E20", () => {
    expect(examples.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => `E${i + 1}`));
  });

  it.each(examples.map((e) => [e.id, e] as [string, Example]))("%s runs as stored", async (id, example) => {
    // E1 and E2 act on a chat membership: run them as the member themself, the rest as the admin
    const token = id === "E1" || id === "E2" ? t.userToken : undefined;
    const r = await t.gql(example.query, example.variables, token);
    expect(r.errors).toBeUndefined();
    const value = Object.values(r.data ?? {})[0];
    expect(value).not.toBeNull();
    expectations[id](value);
  });
});
