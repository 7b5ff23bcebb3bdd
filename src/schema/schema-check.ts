import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSubgraphSchema } from "@apollo/subgraph";
import { type Change, CriticalityLevel, diff } from "@graphql-inspector/core";
import { parse } from "graphql";
import { projectRoot } from "../config/paths";

/** The committed subgraph SDL, relative to the project root. */
export const SCHEMA_FILE = "schema.graphql";

/** Setting this to `1` acknowledges breaking changes: `schema:check` and its test report them but pass. */
export const ALLOW_BREAKING_ENV = "ALLOW_BREAKING_SCHEMA_CHANGES";

/** The git revision whose `schema.graphql` is the baseline; CI sets it to the target branch. */
export const BASE_REF_ENV = "SCHEMA_BASE_REF";

/** The SDL exactly as `schema:print` writes it: one trailing newline, so the comparison ignores none. */
export function normalizeSdl(sdl: string): string {
  return sdl.endsWith("\n") ? sdl : `${sdl}\n`;
}

export function readCommittedSdl(root = projectRoot): string | null {
  try {
    return readFileSync(join(root, SCHEMA_FILE), "utf8");
  } catch {
    return null;
  }
}

/**
 * `schema.graphql` as it was at `ref`, or null when there is no baseline (no git, no such
 * revision, or the file did not exist yet): the first SDL cannot break anything.
 */
export function baselineSdl(ref: string, root = projectRoot): string | null {
  try {
    return execFileSync("git", ["show", `${ref}:${SCHEMA_FILE}`], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
}

/**
 * Every difference between two subgraph SDLs, as @graphql-inspector classifies it. Both sides are
 * built the way the server builds them (@apollo/subgraph), so federation's directives and
 * `_entities` union are understood: dropping an entity's `@key` removes it from `_Entity`,
 * which a supergraph notices.
 */
export async function diffSdl(oldSdl: string, newSdl: string): Promise<Change[]> {
  const build = (sdl: string) => buildSubgraphSchema({ typeDefs: parse(sdl) });
  return diff(build(oldSdl), build(newSdl));
}

export function breakingChanges(changes: readonly Change[]): Change[] {
  return changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
}

/** One line per change, for logs and assertion messages. */
export function describeChanges(changes: readonly Change[]): string {
  return changes.map((c) => `  [${c.criticality.level}] ${c.path ?? ""}: ${c.message}`).join("\n");
}

/** The committed list of breaking changes made on purpose, relative to the project root. */
export const DELIBERATE_CHANGES_FILE = "schema-changes.json";

/**
 * A breaking change made on purpose: the schema path it touches (as @graphql-inspector names
 * it, e.g. `InvoiceItem.tax`), the change's message, and why, for the supergraph's clients.
 */
export interface DeliberateChange {
  path: string;
  message: string;
  reason: string;
}

export function readDeliberateChanges(root = projectRoot): DeliberateChange[] {
  let text: string;
  try {
    text = readFileSync(join(root, DELIBERATE_CHANGES_FILE), "utf8");
  } catch {
    return [];
  }
  const entries = (JSON.parse(text) as { changes?: DeliberateChange[] }).changes ?? [];
  for (const [i, e] of entries.entries()) {
    if (!e.path || !e.message || !e.reason?.trim())
      throw new Error(`${DELIBERATE_CHANGES_FILE}: change ${i} needs a path, a message and a reason`);
  }
  return entries;
}

/**
 * Splits breaking changes into those noted as deliberate (same path and message: a different
 * break on the same field is not covered) and the rest, which still fail the check.
 */
export function splitDeliberate(
  breaking: readonly Change[],
  deliberate: readonly DeliberateChange[],
): { noted: Change[]; unnoted: Change[] } {
  const keys = new Set(deliberate.map((d) => `${d.path}\n${d.message}`));
  const noted = breaking.filter((c) => keys.has(`${c.path ?? ""}\n${c.message}`));
  return { noted, unnoted: breaking.filter((c) => !noted.includes(c)) };
}

export function breakingChangesAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[ALLOW_BREAKING_ENV] === "1" || env[ALLOW_BREAKING_ENV] === "true";
}
