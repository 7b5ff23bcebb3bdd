import type { Inserter } from "./insert";
import type { Random } from "./random";

/** What every seed area receives. */
export interface SeedContext {
  /** The root stream: each area forks its own from it. */
  readonly rng: Random;
  /** Volume multiplier for the scalable data (users, projects, tasks, time, vacations, invoices, notes). */
  readonly scale: number;
  readonly out: Inserter;
}

/** `base` scaled by the volume multiplier, never below one. */
export function scaled(ctx: SeedContext, base: number): number {
  return Math.max(1, Math.round(base * ctx.scale));
}
