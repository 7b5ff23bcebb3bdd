import { runSerially } from "../src/services/shared/serial-queue";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("runSerially", () => {
  it("runs the tasks of one key one at a time, in the order they came", async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string, ms: number) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([runSerially("k", task("a", 20)), runSerially("k", task("b", 1)), runSerially("k", task("c", 5))]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(most).toBe(1);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("a failing task rejects its own caller only; the queue goes on", async () => {
    const failing = runSerially("f", async () => {
      throw new Error("boom");
    });
    const next = runSerially("f", async () => "after");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("after");
  });

  it("different keys do not wait for each other", async () => {
    let releaseSlow!: () => void;
    const slow = runSerially("slow", () => new Promise<string>((resolve) => (releaseSlow = () => resolve("slow"))));
    await expect(runSerially("fast", async () => "fast")).resolves.toBe("fast");
    releaseSlow();
    await expect(slow).resolves.toBe("slow");
  });
});
