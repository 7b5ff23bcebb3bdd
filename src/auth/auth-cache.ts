import type { Db } from "../db/client";
import { authenticate, type AuthResult } from "./authenticate";
import { tokenFromHeader } from "./tokens";

/**
 * Remembers what each token resolved to for a few seconds, so that a client's burst of requests
 * pays the token lookup once. A revoked token, a token past its expiry, or a user who lost the
 * right to log in is refused at the latest `ttlMs` later; a cached answer never outlives the
 * token's own expiry. Refusals are not cached, so a newly issued token works at once.
 *
 * Entries are keyed by the token as sent, not by its SHA-256: the hash is what the database
 * stores (a leaked table yields no tokens), but in this process it protected nothing the request's
 * own header does not already hold, and hashing every request's token was 2% of the CPU of a
 * `{ __typename }` (profiled). A Map compares keys exactly, so no other token can match an entry.
 * Entries whose time is up are dropped as new ones come in, so a token is not kept for long after
 * its last use.
 */
export class AuthCache {
  private readonly entries = new Map<string, { result: AuthResult; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** What a token authenticated a moment ago resolved to (a copy), without waiting: undefined when it must be looked up. */
  known(authorization: string | undefined): AuthResult | undefined {
    const token = tokenFromHeader(authorization);
    const hit = token && this.entries.get(token);
    return hit && hit.until > Date.now() ? fresh(hit.result) : undefined;
  }

  /** `around` runs the database look-up (a cache miss) only: tracing follows its statement (src/context.ts). */
  async authenticate(authorization: string | undefined, around: <T>(lookUp: () => T) => T = (lookUp) => lookUp()): Promise<AuthResult> {
    const known = this.known(authorization);
    if (known) return known;
    const token = tokenFromHeader(authorization);
    const now = Date.now();
    const lookUp = () => authenticate(this.db, authorization);
    if (!token || this.ttlMs <= 0) return around(lookUp);
    const result = await around(lookUp);
    const entries = this.entries;
    entries.delete(token);
    if (result.viewer) {
      // a Map iterates in insertion order: the first entries are the oldest; drop them once their
      // time is up (a few per insertion), or the oldest when full
      for (let i = 0; i < 4 && entries.size > 0; i++) {
        const [oldest, entry] = entries.entries().next().value!;
        if (entry.until > now && entries.size < this.maxEntries) break;
        entries.delete(oldest);
      }
      entries.set(token, { result, until: Math.min(now + this.ttlMs, result.expiresAt?.getTime() ?? Infinity) });
    }
    return fresh(result);
  }

  /** Tokens remembered now. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * A copy of the viewer for each request: request-scoped memos (src/auth/policy.ts keys them on
 * the viewer object) then never outlive the request, even when the authentication is reused.
 */
function fresh(result: AuthResult): AuthResult {
  return result.viewer ? { ...result, viewer: { ...result.viewer, roles: [...result.viewer.roles] } } : result;
}
