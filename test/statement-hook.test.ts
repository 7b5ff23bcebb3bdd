import { withMembers } from "../src/db/statement-hook";

/** The driver adapters' wrapper (src/db/statement-hook.ts): the write path reads its methods on every statement. */
describe("withMembers", () => {
  class Adapter {
    sent: string[] = [];
    queryRaw(sql: string) {
      this.sent.push(sql);
      return sql.length;
    }
    provider = "postgres";
  }

  it("answers its own members, and the target's methods bound to the target, once each", () => {
    const target = new Adapter();
    const wrapped = withMembers(target, { executeRaw: () => "own" });
    expect((wrapped as unknown as { executeRaw(): string }).executeRaw()).toBe("own");
    expect(wrapped.provider).toBe("postgres");
    const { queryRaw } = wrapped;
    expect(queryRaw("SELECT 1")).toBe(8);
    expect(target.sent).toEqual(["SELECT 1"]);
    expect(wrapped.queryRaw).toBe(queryRaw);
    expect(wrapped.queryRaw).not.toBe(target.queryRaw);
  });
});
