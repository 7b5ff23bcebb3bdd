import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { AuthCache } from "../src/auth/auth-cache";
import { issueToken, hashToken } from "../src/auth/tokens";
import { codes, createTestApp, demoIds, gql, type TestApp, TEST_ADMIN_TOKEN } from "./support/test-app";

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ME = gql`{ users(itemsPerPage: 1) { paginationInfo { totalCount } } }`;

describe("authentication", () => {
  it("accepts the token alone or after Bearer", async () => {
    for (const header of [TEST_ADMIN_TOKEN, `Bearer ${TEST_ADMIN_TOKEN}`, `bearer   ${TEST_ADMIN_TOKEN}`]) {
      const r = await t.gql(ME, {}, header);
      expect(r.errors).toBeUndefined();
    }
  });

  it("refuses a missing, empty or unknown token", async () => {
    for (const header of [null, "", "Bearer ", "wm_not_a_real_token"]) {
      const r = await t.gql(ME, {}, header);
      expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    }
  });

  it("refuses revoked and expired tokens", async () => {
    const revoked = await issueToken(t.db, demoIds.userId);
    await t.db.apiToken.update({ where: { tokenHash: hashToken(revoked) }, data: { revokedAt: new Date() } });
    expect(codes(await t.gql(ME, {}, revoked))).toEqual(["UNAUTHENTICATED"]);
    const expired = await issueToken(t.db, demoIds.userId, { expiresAt: new Date(Date.now() - 1000) });
    expect(codes(await t.gql(ME, {}, expired))).toEqual(["UNAUTHENTICATED"]);
    const valid = await issueToken(t.db, demoIds.userId, { expiresAt: new Date(Date.now() + 60_000) });
    expect((await t.gql(ME, {}, valid)).errors).toBeUndefined();
  });

  it("refuses users who cannot log in or may not use API tokens", async () => {
    const noLogin = await t.db.user.findFirst({ where: { canLogIn: false } });
    const noApi = await t.db.user.findFirst({ where: { canLogIn: true, allowApiTokenAuthentication: false } });
    expect(noLogin && noApi).toBeTruthy();
    for (const user of [noLogin!, noApi!]) {
      const token = await issueToken(t.db, user.id);
      const r = await t.gql(ME, {}, token);
      expect(codes(r)).toEqual(["UNAUTHENTICATED"]);
    }
  });

  it("stores only a hash of the token", async () => {
    const token = await issueToken(t.db, demoIds.userId);
    const rows = await t.db.apiToken.findMany({ where: { userId: demoIds.userId } });
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("lets introspection, __typename and _service through without a token", async () => {
    const r = await t.gql(gql`{ __typename __schema { queryType { name } } _service { sdl } }`, {}, null);
    expect(r.errors).toBeUndefined();
    expect(r.data!._service.sdl).toContain("@link");
  });

  it("needs a token for _entities and for root fields reached through fragments", async () => {
    const entities = await t.gql(
      gql`{ _entities(representations: [{ __typename: "User", id: "${demoIds.userId}" }]) { ... on User { id } } }`,
      {},
      null,
    );
    expect(codes(entities)).toEqual(["UNAUTHENTICATED"]);
    const viaFragment = await t.gql(gql`query { ...Q } fragment Q on Query { ... on Query { users { items { id } } } }`, {}, null);
    expect(codes(viaFragment)).toEqual(["UNAUTHENTICATED"]);
  });

  it("npm run token:create prints a working token for a user", async () => {
    const { stdout } = await run(process.execPath, ["-r", "@swc-node/register", "src/cli/token-create.ts", "--email", demoIds.userEmail], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl },
    });
    const token = stdout.trim().split("\n").pop()!;
    expect(token).toMatch(/^wm_[A-Za-z0-9_-]{40,}$/);
    expect((await t.gql(ME, {}, token)).errors).toBeUndefined();
  });

  it("forgets a token once its time is up, as other tokens come in", async () => {
    const cache = new AuthCache(t.db, 200);
    const first = await issueToken(t.db, demoIds.userId);
    expect((await cache.authenticate(first)).viewer?.id).toBe(demoIds.userId);
    expect((await cache.authenticate(TEST_ADMIN_TOKEN)).viewer).not.toBeNull();
    expect(cache.size).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    const second = await issueToken(t.db, demoIds.userId);
    expect((await cache.authenticate(second)).viewer?.id).toBe(demoIds.userId);
    // both earlier entries had expired: dropped, not kept until the cache fills up
    expect(cache.size).toBe(1);
    // a token that only differs from a remembered one is looked up, and refused
    expect((await cache.authenticate(`${second}x`)).viewer).toBeNull();
  });

  it("reuses an authentication for AUTH_CACHE_TTL_MS at most, and never past the token's expiry", async () => {
    // windows of seconds, not milliseconds: the suite shares 2 cores with other test files
    const cached = await createTestApp({ AUTH_CACHE_TTL_MS: "3000" });
    try {
      const token = await issueToken(cached.db, demoIds.userId);
      expect((await cached.gql(ME, {}, token)).errors).toBeUndefined();
      const lookups = await cached.countStatements(() => cached.gql(ME, {}, token));
      const uncached = await t.countStatements(() => t.gql(ME, {}, TEST_ADMIN_TOKEN));
      expect(lookups).toBeLessThan(uncached);
      await cached.db.apiToken.update({ where: { tokenHash: hashToken(token) }, data: { revokedAt: new Date() } });
      expect((await cached.gql(ME, {}, token)).errors).toBeUndefined();
      await new Promise((r) => setTimeout(r, 3_100));
      expect(codes(await cached.gql(ME, {}, token))).toEqual(["UNAUTHENTICATED"]);

      const shortLived = await issueToken(cached.db, demoIds.userId, { expiresAt: new Date(Date.now() + 1_500) });
      expect((await cached.gql(ME, {}, shortLived)).errors).toBeUndefined();
      await new Promise((r) => setTimeout(r, 1_600));
      expect(codes(await cached.gql(ME, {}, shortLived))).toEqual(["UNAUTHENTICATED"]);
    } finally {
      await cached.close();
    }
  });
});
