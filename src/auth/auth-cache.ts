import type { Db } from "../db/client";
import { authenticate, type AuthResult } from "./authenticate";
import { hashToken, tokenFromHeader } from "./tokens";

/**
 * Remembers what each token resolved to for a few seconds, so that a client's burst of requests
 * pays the token lookup once. A revoked token, a token past its expiry, or a user who lost the
 * right to log in is refused at the latest `ttlMs` later; a cached answer never outlives the
 * token's own expiry. Refusals are not cached, so a newly issued token works at once.
 */
export class AuthCache {
  private readonly entries = new Map<string, { result: AuthResult; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** `around` runs the database look-up (a cache miss) only: tracing follows its statement (src/context.ts). */
  async authenticate(authorization: string | undefined, around: <T>(lookUp: () => T) => T = (lookUp) => lookUp()): Promise<AuthResult> {
    const lookUp = () => authenticate(this.db, authorization);
    const token = tokenFromHeader(authorization);
    if (!token || this.ttlMs <= 0) return around(lookUp);
    const key = hashToken(token);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return fresh(hit.result);
    const result = await around(lookUp);
    if (result.viewer) {
      // a Map iterates in insertion order: dropping the first entry drops the oldest
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { result, until: Math.min(now + this.ttlMs, result.expiresAt?.getTime() ?? Infinity) });
    } else {
      this.entries.delete(key);
    }
    return fresh(result);
  }
}

/**
 * A copy of the viewer for each request: request-scoped memos (src/auth/policy.ts keys them on
 * the viewer object) then never outlive the request, even when the authentication is reused.
 */
function fresh(result: AuthResult): AuthResult {
  return result.viewer ? { ...result, viewer: { ...result.viewer, roles: [...result.viewer.roles] } } : result;
}
