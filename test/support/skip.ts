/**
 * The one way a test is skipped: only where `condition` is false, and then with the reason
 * printed, one line per skipped block, so that no run loses a test without saying why (a skipped
 * test shows in Jest's summary only as "skipped"). test/skip-reasons.test.ts refuses every other
 * way of skipping.
 */
export function describeIf(condition: boolean, reason: string): (name: string, body: () => void) => void {
  return (name, body) => {
    if (condition) {
      describe(name, body);
      return;
    }
    announce(name, reason);
    describe.skip(name, body);
  };
}

/** As describeIf, for one test. */
export function itIf(condition: boolean, reason: string): (name: string, fn: jest.ProvidesCallback, timeout?: number) => void {
  return (name, fn, timeout) => {
    if (condition) {
      it(name, fn, timeout);
      return;
    }
    announce(name, reason);
    it.skip(name, fn, timeout);
  };
}

function announce(name: string, reason: string): void {
  console.warn(`skipped: ${name}: ${reason}`);
}

/** Why the PostgreSQL-only tests are skipped on SQLite. */
export const NEEDS_POSTGRES = "needs PostgreSQL: set TEST_DATABASE_URL=postgresql://... (npm run test:postgres does)";
