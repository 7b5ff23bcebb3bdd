import { spawnSync } from "node:child_process";
import { projectRoot } from "../src/config/paths";

describe("the log on stdout", () => {
  it("writes the lines still gathered when the process exits", () => {
    // the log writes in blocks of 32 KiB or every 100 ms: the last lines (a fatal error's, "Stopped.")
    // are written at exit, or they would be lost
    const script = `
      const { createLogger } = require("./src/observability/logger");
      const log = createLogger("info");
      for (let i = 0; i < 100; i++) log.info({ i }, "line");
      log.fatal("last words");
      process.exit(1);
    `;
    const run = spawnSync(process.execPath, ["-r", "@swc-node/register", "-e", script], {
      cwd: projectRoot,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { i?: number; msg: string; level: string });
    expect(lines).toHaveLength(101);
    expect(lines.slice(0, 100).map((line) => line.i)).toEqual([...Array(100).keys()]);
    expect(lines[100]).toMatchObject({ level: "fatal", msg: "last words" });
  });
});
