import type { DbTx } from "../../db/client";

/**
 * Short codes: the upper-case handles people type and see in lists (projects "NMES",
 * their boards "NMES1", "NMES2"). Made from names so they are recognisable, with digits added on collision.
 */

const MIN_LENGTH = 3;
const MAX_LENGTH = 6;

/** Letters the Unicode decomposition does not reduce to ASCII. */
const EXTRA_FOLDS: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", đ: "d", Đ: "D", ß: "ss", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE" };

/** The name's words as upper-case ASCII letters (diacritics dropped, digits and symbols ignored). */
function words(name: string): string[] {
  const folded = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁøØđĐßæÆœŒ]/g, (c) => EXTRA_FOLDS[c]);
  return folded
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toUpperCase());
}

/**
 * The code a name suggests, 3 to 6 upper-case letters: the initials of three or more words
 * ("Nowy portal dla klienta" -> "NPDK"), the first three letters of each of two words ("Portal
 * klienta" -> "PORKLI"), or the first six letters of one word. Short results are padded with X;
 * a name without letters gives "PRJ".
 */
export function shortCodeBase(name: string): string {
  const w = words(name);
  let base: string;
  if (w.length === 0) base = "PRJ";
  else if (w.length >= 3) base = w.map((x) => x[0]).join("");
  else if (w.length === 2) base = w[0].slice(0, 3) + w[1].slice(0, 3);
  else base = w[0];
  return base.slice(0, MAX_LENGTH).padEnd(MIN_LENGTH, "X");
}

/** The base itself when free, otherwise the base with the smallest suffix from 2 that is free. */
export function firstFreeCode(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** `count` codes `${prefix}1`, `${prefix}2`... skipping the taken ones. */
export function numberedCodes(prefix: string, count: number, taken: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < count; n += 1) if (!taken.has(`${prefix}${n}`)) out.push(`${prefix}${n}`);
  return out;
}

/** A project short code made from the name that no project has yet (one statement). */
export async function freeProjectShortCode(tx: DbTx, name: string): Promise<string> {
  const base = shortCodeBase(name);
  const rows = await tx.project.findMany({ where: { shortCode: { startsWith: base } }, select: { shortCode: true } });
  return firstFreeCode(base, new Set(rows.map((r) => r.shortCode)));
}

/** `count` board short codes `${projectCode}n` (the project's code and a number, as boards are coded) that no board has yet (one statement). */
export async function freeBoardShortCodes(tx: DbTx, projectCode: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await tx.board.findMany({ where: { shortCode: { startsWith: projectCode } }, select: { shortCode: true } });
  return numberedCodes(projectCode, count, new Set(rows.map((r) => r.shortCode)));
}
