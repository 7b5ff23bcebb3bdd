import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../src/config/paths";

/**
 * Every skipped test says why (issue 24): tests are skipped only through describeIf/itIf of
 * test/support/skip.ts, which print the reason; no other skip (Jest's `.skip`, `x`-prefixed
 * blocks, `.todo`) may appear in a test file.
 */
const HELPER = join(projectRoot, "test", "support", "skip.ts");

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

describe("skipped tests", () => {
  it("are skipped only by test/support/skip.ts", () => {
    // the pattern is assembled so that this file does not match it
    const skip = new RegExp(
      ["\\b(describe|it|test)\\.(skip|todo)\\b", "\\bx(describe|it|test)\\b", "\\b(describe|it|test)\\.only\\b"].join("|"),
    );
    const offenders = testFiles(join(projectRoot, "test"))
      .filter((file) => file !== HELPER && file !== __filename)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${relative(projectRoot, file)}:${i + 1}` }))
          .filter(({ line }) => skip.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it("print their reason when they are skipped", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wm-skip-"));
    try {
      writeFileSync(
        join(dir, "probe.test.ts"),
        `import { describeIf, itIf } from ${JSON.stringify(HELPER.replace(/\.ts$/, ""))};
describeIf(false, "the reason of the block")("a block", () => { it("never runs", () => { throw new Error("ran"); }); });
describe("tests", () => {
  itIf(false, "the reason of the test")("a test", () => { throw new Error("ran"); });
  itIf(true, "unused")("a test that runs", () => undefined);
});
`,
      );
      const config = { rootDir: dir, testMatch: ["<rootDir>/*.test.ts"], transform: { "^.+\\.ts$": [require.resolve("@swc/jest")] } };
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [join(projectRoot, "node_modules", "jest", "bin", "jest.js"), "--config", JSON.stringify(config), "--ci"],
        { cwd: projectRoot, timeout: 120_000 },
      );
      const printed = stdout + stderr;
      expect(printed).toContain("skipped: a block: the reason of the block");
      expect(printed).toContain("skipped: a test: the reason of the test");
      expect(printed).toMatch(/Tests:\s+2 skipped, 1 passed, 3 total/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
