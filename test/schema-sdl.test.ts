import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAppSchema } from "../src/schema/build-schema";
import { projectRoot } from "../src/config/paths";
import {
  ALLOW_BREAKING_ENV,
  BASE_REF_ENV,
  SCHEMA_FILE,
  baselineSdl,
  breakingChanges,
  breakingChangesAllowed,
  describeChanges,
  diffSdl,
  normalizeSdl,
  readCommittedSdl,
  readDeliberateChanges,
  splitDeliberate,
} from "../src/schema/schema-check";

let building: Promise<string> | undefined;
/** The subgraph SDL exactly as `npm run schema:print` writes it (built once, on first use). */
const builtSdl = () => (building ??= buildAppSchema().then(({ sdl }) => normalizeSdl(sdl)));

/** The first line where two texts differ, to point at the change in the failure message. */
function firstDifference(a: string, b: string): string {
  const left = a.split("\n");
  const right = b.split("\n");
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    if (left[i] !== right[i])
      return `line ${i + 1}:\n  committed: ${left[i] ?? "<end of file>"}\n  built:     ${right[i] ?? "<end of file>"}`;
  }
  return "no difference";
}

describe("schema.graphql, the committed SDL", () => {
  it("is exactly what the code builds (run `npm run schema:print` when this fails)", async () => {
    const built = await builtSdl();
    const committed = readCommittedSdl();
    if (committed !== built) {
      throw new Error(
        committed === null
          ? `${SCHEMA_FILE} is missing: run \`npm run schema:print\` and commit it.`
          : `${SCHEMA_FILE} is out of date: run \`npm run schema:print\` and commit it. First difference at ${firstDifference(committed, built)}`,
      );
    }
  });

  it("is a Federation 2 subgraph SDL: it links the federation spec and keys its entities", async () => {
    const built = await builtSdl();
    expect(built.startsWith('extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])')).toBe(
      true,
    );
    expect(built).toMatch(/type User @key\(fields: "id"\) \{/);
    // @apollo/subgraph adds these when serving; the committed SDL is the subgraph's own part only
    expect(built).not.toMatch(/_entities|_service/);
  });

  it("`npm run schema:print` writes that SDL (to a given path here, so the committed file is untouched)", async () => {
    const built = await builtSdl();
    const dir = mkdtempSync(join(tmpdir(), "wm-schema-print-"));
    try {
      const out = join(dir, "schema.graphql");
      execFileSync(process.execPath, ["-r", "@swc-node/register", "src/cli/print-schema.ts", out], {
        cwd: projectRoot,
        stdio: "pipe",
      });
      expect(readFileSync(out, "utf8")).toBe(built);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("breaking-change check (@graphql-inspector/core)", () => {
  const link = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable"])';
  const before = `${link}
    type Query { users(page: Int = 1): [User!]! }
    type User @key(fields: "id") { id: ID! firstName: String! age: Int }
    type Team @key(fields: "id") { id: ID! }
  `;

  it("reports a removed field, a tightened argument and a dropped @key as BREAKING", async () => {
    const after = `${link}
      type Query { users(page: Int!): [User!]! }
      type User { id: ID! firstName: String! }
      type Team @key(fields: "id") { id: ID! }
    `;
    const breaking = breakingChanges(await diffSdl(before, after)).map((c) => c.path);
    expect(breaking.sort()).toEqual(["Query.users.page", "User.age", "_Entity"]);
  });

  it("lets additions through: a new field or type is not breaking", async () => {
    const after = `${link}
      type Query { users(page: Int = 1): [User!]!  kudos: [String!]! }
      type User @key(fields: "id") { id: ID! firstName: String! age: Int email: String }
      type Team @key(fields: "id") { id: ID! }
    `;
    const changes = await diffSdl(before, after);
    expect(changes.map((c) => c.path).sort()).toEqual(["Query.kudos", "User.email"]);
    expect(breakingChanges(changes)).toEqual([]);
  });

  it(`finds no breaking change against ${SCHEMA_FILE} at ${process.env[BASE_REF_ENV] || "HEAD"} (or ${ALLOW_BREAKING_ENV}=1 acknowledges them)`, async () => {
    const ref = process.env[BASE_REF_ENV] || "HEAD";
    const base = baselineSdl(ref);
    // Before the first commit of schema.graphql there is nothing a client could rely on yet.
    if (base === null) return;
    const { unnoted: breaking } = splitDeliberate(breakingChanges(await diffSdl(base, await builtSdl())), readDeliberateChanges());
    if (breaking.length > 0 && !breakingChangesAllowed()) {
      throw new Error(
        `The schema breaks clients of ${SCHEMA_FILE} at ${ref}:\n${describeChanges(breaking)}\n` +
          `If that is deliberate, announce it and run with ${ALLOW_BREAKING_ENV}=1.`,
      );
    }
  });

  it("lets a break noted in schema-changes.json through, and no other break on the same field", async () => {
    const typed = before.replace("firstName: String!", "firstName: Name!") + "\n enum Name { A B }";
    const [change] = breakingChanges(await diffSdl(before, typed));
    expect(change.path).toBe("User.firstName");
    const noted = [{ path: change.path!, message: change.message, reason: "test" }];
    expect(splitDeliberate([change], noted)).toEqual({ noted: [change], unnoted: [] });
    const removed = breakingChanges(await diffSdl(before, before.replace("firstName: String! ", "")));
    expect(splitDeliberate(removed, noted).unnoted.map((c) => c.path)).toEqual(["User.firstName"]);
  });

  it("has a reason for every deliberate change it lists", () => {
    const deliberate = readDeliberateChanges();
    expect(deliberate.length).toBeGreaterThan(0);
    for (const d of deliberate) expect(d.reason.length).toBeGreaterThan(20);
  });

  it(`reads the acknowledgement flag ${ALLOW_BREAKING_ENV} strictly`, () => {
    expect(breakingChangesAllowed({ [ALLOW_BREAKING_ENV]: "1" })).toBe(true);
    expect(breakingChangesAllowed({ [ALLOW_BREAKING_ENV]: "true" })).toBe(true);
    expect(breakingChangesAllowed({ [ALLOW_BREAKING_ENV]: "0" })).toBe(false);
    expect(breakingChangesAllowed({})).toBe(false);
  });

  it("has no baseline at a revision without the file", () => {
    expect(baselineSdl("0000000000000000000000000000000000000000")).toBeNull();
  });
});
