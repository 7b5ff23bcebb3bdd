import { join } from "node:path";
import { projectRoot } from "./paths";

export type DatabaseKind = "sqlite" | "postgres";

/** Which database a DATABASE_URL names. */
export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgres";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)`);
}

export class ConfigError extends Error {}

/**
 * CORS_ORIGINS: a comma-separated allowlist of origins (`https://app.example.com,http://localhost:5173`),
 * `*` for any origin, empty (the default) for none: only pages served by this server itself.
 */
function origins(name: string, env: NodeJS.ProcessEnv, problems: string[]): string[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  if (raw === "*") return ["*"];
  const list = raw
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  for (const origin of list) {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, ""))
      problems.push(`${name} must be "*" or a comma-separated list of origins like https://app.example.com (got "${origin}")`);
  }
  return list.map((o) => o.replace(/\/$/, ""));
}

const DURATION_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration in whole seconds, minutes, hours or days (`90s`, `30m`, `24h`, `7d`; a bare number is seconds), in ms. */
function duration(name: string, env: NodeJS.ProcessEnv, fallbackMs: number, maxMs: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (!raw) return fallbackMs;
  const m = /^(\d{1,9})([smhd]?)$/.exec(raw);
  const ms = m ? Number(m[1]) * DURATION_UNITS[m[2] || "s"] : NaN;
  if (!(ms >= 1_000 && ms <= maxMs)) {
    problems.push(`${name} must be a duration from 1s to ${maxMs / 86_400_000}d, like 90s, 30m, 24h or 7d (got "${raw}")`);
    return fallbackMs;
  }
  return ms;
}

/** Runtime configuration, read once from the environment and validated at start. */
export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = <T extends boolean | undefined>(name: string, fallback: T): boolean | T => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (["1", "true", "yes"].includes(raw.toLowerCase())) return true;
    if (["0", "false", "no"].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, values: readonly T[], fallback: T): T => {
    const raw = (env[name] || fallback).toLowerCase();
    if ((values as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${values.join(", ")} (got "${env[name]}")`);
    return fallback;
  };

  const databaseUrl = env.DATABASE_URL || `file:${join(projectRoot, "data", "dev.db")}`;
  try {
    databaseKind(databaseUrl);
  } catch (e) {
    problems.push((e as Error).message);
  }
  const seedAdminToken = env.SEED_ADMIN_TOKEN || undefined;
  if (seedAdminToken !== undefined && seedAdminToken.length < 16) {
    problems.push("SEED_ADMIN_TOKEN must be at least 16 characters long");
  }

  // by default every README example and every operation at its largest page (100 items, or 1000 with
  // `pagination: false`) with its usual selection passes; see the README's "Limits" and test/query-cost.test.ts
  const maxQueryCost = int("MAX_QUERY_COST", 200_000, 10, 100_000_000);
  const config = {
    port: int("PORT", 4000, 0, 65535),
    host: env.HOST || "0.0.0.0",
    databaseUrl,
    /** PostgreSQL connections per process. */
    dbPoolSize: int("DB_POOL_SIZE", 10, 1, 500),
    /** When set, the demo admin's API token is exactly this value (scripts can call the API at once). */
    seedAdminToken,
    /** Volume multiplier of the demo data seeded into an empty database. */
    seedScale: int("SEED_SCALE", 1, 1, 1000),
    /**
     * Seed demo data into an empty database at start: true always, false never; unset (undefined)
     * only on the first start of the embedded SQLite default (see src/db/first-start.ts).
     */
    seedOnEmpty: bool("SEED_ON_EMPTY", undefined),
    /** Adds stack traces to error responses. Never on unless explicitly asked for. */
    debugErrors: bool("DEBUG_ERRORS", false),
    /** How long a token's authentication is reused; 0 looks every request up. */
    authCacheTtlMs: int("AUTH_CACHE_TTL_MS", 10_000, 0, 300_000),
    /** Limits that keep one request from monopolising the server. */
    maxQueryDepth: int("MAX_QUERY_DEPTH", 20, 2, 100),
    /** Most fields one document may select, counted with fragments expanded. */
    maxQueryFields: int("MAX_QUERY_FIELDS", 5_000, 10, 1_000_000),
    /** Upper bound of items returned by a collection asked for with `pagination: false`. */
    maxUnpaginatedItems: int("MAX_UNPAGINATED_ITEMS", 1000, 1, 100_000),
    /** Highest cost (src/server/cost.ts) a document, or a batch of them, may have. */
    maxQueryCost,
    /** Most cost executing at once in the process, by default one document at the cost limit; heavier ones wait (light ones never). */
    maxConcurrentCost: int("MAX_CONCURRENT_COST", maxQueryCost, 10, 1_000_000_000),
    /** Most objects one request may answer (the result budget); each object costs at least 1, so an admitted document stays within. */
    maxResultNodes: int("MAX_RESULT_NODES", maxQueryCost, 10, 1_000_000_000),
    /**
     * Most bytes of JSON one request may answer (the result budget). The default holds the largest answers the
     * default cost limit admits (every field at the largest pages, long texts included) with room to spare,
     * while one answer still stays a small part of the default heap (see the README's "Limits").
     */
    maxResultBytes: int("MAX_RESULT_BYTES", 16 * 1024 * 1024, 1024, 1_073_741_824),
    /** Time budget of one request; past it the request is abandoned and its transaction rolled back. */
    requestTimeoutMs: int("REQUEST_TIMEOUT_MS", 10_000, 10, 600_000),
    /** Most operations one batched request (a JSON array) may carry. */
    maxBatchSize: int("MAX_BATCH_SIZE", 10, 1, 1000),
    /** Largest request body accepted, in bytes. */
    maxBodyBytes: int("MAX_BODY_BYTES", 1_048_576, 1024, 104_857_600),
    /** How long a client may take to send the request headers. */
    httpHeadersTimeoutMs: int("HTTP_HEADERS_TIMEOUT_MS", 10_000, 100, 600_000),
    /** How long a client may take to send the whole request, body included. */
    httpBodyTimeoutMs: int("HTTP_BODY_TIMEOUT_MS", 30_000, 100, 3_600_000),
    /** Idle keep-alive connections are closed after this long. */
    keepAliveTimeoutMs: int("KEEP_ALIVE_TIMEOUT_MS", 5_000, 100, 600_000),
    /** Most simultaneous client connections; further ones are closed at once. */
    maxConnections: int("MAX_CONNECTIONS", 1_000, 1, 1_000_000),
    /** On SIGTERM/SIGINT, how long requests in flight may still run before the process exits anyway. */
    shutdownTimeoutMs: int("SHUTDOWN_TIMEOUT_MS", 10_000, 0, 600_000),
    /** pino log level: fatal, error, warn, info, debug, trace or silent. */
    logLevel: oneOf("LOG_LEVEL", ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const, "info"),
    /**
     * A request that succeeded gets its log line at `info` when it took at least this long, at
     * `debug` otherwise (failed, refused and aborted ones are always logged); 0: every request at `info`.
     */
    logSlowRequestMs: int("LOG_SLOW_REQUEST_MS", 1_000, 0, 3_600_000),
    /** Serve the GraphiQL playground at GET /graphql (PLAYGROUND=false turns it off). */
    playground: bool("PLAYGROUND", true),
    /** Origins a browser page may call the API from (CORS); empty: same origin only. */
    corsOrigins: origins("CORS_ORIGINS", env, problems),
    /** Which documents may run (src/server/trusted-documents.ts): any (`off`), registered ones and admins' (`allow`), registered ones by id (`require`). */
    trustedDocuments: oneOf("TRUSTED_DOCUMENTS", ["off", "allow", "require"] as const, "off"),
    /** The manifest of registered documents (hash to document), required unless `trustedDocuments` is `off`. */
    trustedDocumentsManifest: env.TRUSTED_DOCUMENTS_MANIFEST || undefined,
    /** How long the answer to a mutation sent with an Idempotency-Key is kept for its retries (IDEMPOTENCY_TTL). */
    idempotencyTtlMs: duration("IDEMPOTENCY_TTL", env, 86_400_000, 30 * 86_400_000, problems),
    /** Points of cost a caller may spend per minute (RATE_LIMIT_COST_PER_MINUTE); undefined: no rate limit. */
    rateLimitCostPerMinute: env.RATE_LIMIT_COST_PER_MINUTE ? int("RATE_LIMIT_COST_PER_MINUTE", 0, 1, 1_000_000_000) : undefined,
  };
  if (config.trustedDocuments !== "off" && !config.trustedDocumentsManifest) {
    problems.push(
      `TRUSTED_DOCUMENTS=${config.trustedDocuments} needs TRUSTED_DOCUMENTS_MANIFEST, the path of the manifest of registered documents`,
    );
  }
  // headers are part of the request: a header timeout past the whole-request timeout never fires
  if (config.httpHeadersTimeoutMs > config.httpBodyTimeoutMs) problems.push("HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_BODY_TIMEOUT_MS");
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
  return config;
}
