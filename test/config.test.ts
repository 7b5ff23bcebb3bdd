import { ConfigError, loadConfig } from "../src/config/config";

describe("configuration from the environment", () => {
  it("has working defaults: port 4000, an embedded SQLite file, seeding decided by the first-start rule", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      dbPoolSize: 10,
      seedOnEmpty: undefined,
      seedScale: 1,
      debugErrors: false,
      authCacheTtlMs: 10_000,
      logSlowRequestMs: 1_000,
    });
    expect(config.databaseUrl).toMatch(/^file:.*data\/dev\.db$/);
    expect(config.seedAdminToken).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgresql://app@db:5432/wm",
      DB_POOL_SIZE: "25",
      SEED_ADMIN_TOKEN: "a-token-of-24-characters",
      SEED_SCALE: "3",
      SEED_ON_EMPTY: "false",
      DEBUG_ERRORS: "true",
      MAX_QUERY_DEPTH: "8",
      MAX_QUERY_FIELDS: "900",
      MAX_UNPAGINATED_ITEMS: "50",
      AUTH_CACHE_TTL_MS: "0",
      LOG_SLOW_REQUEST_MS: "0",
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: "postgresql://app@db:5432/wm",
      dbPoolSize: 25,
      seedAdminToken: "a-token-of-24-characters",
      seedScale: 3,
      seedOnEmpty: false,
      debugErrors: true,
      maxQueryDepth: 8,
      maxQueryFields: 900,
      maxUnpaginatedItems: 50,
      authCacheTtlMs: 0,
      logSlowRequestMs: 0,
    });
  });

  it("refuses bad values with one message naming each variable", () => {
    const bad = () =>
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SEED_ADMIN_TOKEN: "short",
        SEED_ON_EMPTY: "maybe",
        DB_POOL_SIZE: "0",
        LOG_SLOW_REQUEST_MS: "-1",
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SEED_ADMIN_TOKEN", "SEED_ON_EMPTY", "DB_POOL_SIZE", "LOG_SLOW_REQUEST_MS"])
        expect(message).toContain(name);
    }
  });

  it("reads IDEMPOTENCY_TTL as a duration (default 24 h) and RATE_LIMIT_COST_PER_MINUTE (default off), refusing bad values by name", () => {
    expect(loadConfig({})).toMatchObject({ idempotencyTtlMs: 86_400_000, rateLimitCostPerMinute: undefined });
    for (const [raw, ms] of [
      ["90", 90_000],
      ["90s", 90_000],
      ["30m", 1_800_000],
      ["24h", 86_400_000],
      ["7d", 604_800_000],
    ] as const) {
      expect(loadConfig({ IDEMPOTENCY_TTL: raw }).idempotencyTtlMs).toBe(ms);
    }
    expect(loadConfig({ RATE_LIMIT_COST_PER_MINUTE: "60000" }).rateLimitCostPerMinute).toBe(60_000);
    for (const raw of ["0", "0s", "24x", "31d", "-5m", "1.5h"])
      expect(() => loadConfig({ IDEMPOTENCY_TTL: raw })).toThrow(/IDEMPOTENCY_TTL must be a duration/);
    for (const raw of ["0", "many", "1.5"])
      expect(() => loadConfig({ RATE_LIMIT_COST_PER_MINUTE: raw })).toThrow(/RATE_LIMIT_COST_PER_MINUTE must be an integer/);
  });
});
