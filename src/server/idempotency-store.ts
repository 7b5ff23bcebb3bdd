import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";

/** The first answer to a mutation, as it is replayed: HTTP status, the headers that belong to it and the GraphQL result as JSON. */
export interface StoredAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** Who holds a key: only the request that claimed it stores its answer or gives it back. */
export interface Claim {
  userId: string;
  key: string;
  claimId: string;
}

export type ClaimOutcome =
  | { kind: "claimed"; claim: Claim }
  /** the first request's answer, for a retry of the same request */
  | { kind: "done"; answer: StoredAnswer }
  /** the first request still runs */
  | { kind: "running" }
  /** the key was used for another request (another document, variables or operation) */
  | { kind: "mismatch" };

/** How often at most a process deletes the expired keys. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The IdempotencyKey table: one row per caller and key. A key is claimed by inserting its row
 * (`ON CONFLICT DO NOTHING`, the same SQL on SQLite and PostgreSQL): the primary key (userId,
 * key) lets exactly one of any number of racing requests, in any number of processes, insert
 * it; the others find the row and read its state. An expired row is taken over by a conditional
 * update on the claim id it had, which again only one wins.
 * Its statements go to the database directly, never under a request's budget: the answer of a
 * mutation that committed at its deadline must still be stored.
 */
export class IdempotencyStore {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly log: (error: unknown) => void,
  ) {}

  /** Claims `key` for a request with `fingerprint` for `leaseMs`, or says why not (see ClaimOutcome). */
  async claim(userId: string, key: string, fingerprint: string, leaseMs: number): Promise<ClaimOutcome> {
    this.sweep();
    // a few rounds: a row can vanish (released) or be taken over between the insert and the read
    for (let round = 0; round < 3; round += 1) {
      const now = new Date();
      const claim = { userId, key, claimId: randomUUID() };
      const row = {
        ...claim,
        fingerprint,
        state: "running",
        status: null,
        headers: null,
        body: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + leaseMs),
      };
      // the claim: inserted, or not when the key has a row (a retry's usual case; no error to raise and log)
      const inserted = await this.db.$executeRaw`
        INSERT INTO "IdempotencyKey" ("userId", "key", "fingerprint", "state", "claimId", "createdAt", "expiresAt")
        VALUES (${userId}, ${key}, ${fingerprint}, 'running', ${claim.claimId}, ${now}, ${row.expiresAt})
        ON CONFLICT ("userId", "key") DO NOTHING`;
      if (inserted === 1) return { kind: "claimed", claim };
      const found = await this.db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
      if (!found) continue;
      if (found.expiresAt <= now) {
        // expired (its answer's time is over, or its process died while running): taken over by one request only
        const { count } = await this.db.idempotencyKey.updateMany({ where: { userId, key, claimId: found.claimId }, data: row });
        if (count === 1) return { kind: "claimed", claim };
        continue;
      }
      if (found.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (found.state !== "done") return { kind: "running" };
      return {
        kind: "done",
        answer: {
          status: found.status ?? 200,
          headers: JSON.parse(found.headers ?? "[]") as Array<[string, string]>,
          body: found.body ?? "{}",
        },
      };
    }
    return { kind: "running" };
  }

  /** Stores the answer of the request holding `claim`, kept for `ttlMs`. False when it no longer held the key. */
  async complete(claim: Claim, answer: StoredAnswer, ttlMs: number): Promise<boolean> {
    const { count } = await this.db.idempotencyKey.updateMany({
      where: { ...claim, state: "running" },
      data: {
        state: "done",
        status: answer.status,
        headers: JSON.stringify(answer.headers),
        body: answer.body,
        expiresAt: new Date(Date.now() + ttlMs),
      },
    });
    return count === 1;
  }

  /** Gives the key back (the request wrote nothing): a retry runs the mutation. */
  async release(claim: Claim): Promise<void> {
    await this.db.idempotencyKey.deleteMany({ where: claim });
  }

  /** Deletes expired keys now and then (claims reclaim an expired key anyway; this keeps the table small). */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db.idempotencyKey.deleteMany({ where: { expiresAt: { lt: new Date(now) } } }).catch(this.log);
  }
}
