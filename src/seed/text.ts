/** Small text helpers shared by the seed areas. */

const EXTRA_LATIN: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", ß: "ss" };

/** "Łukasz Wiśniewski" -> "Lukasz Wisniewski": e-mail addresses and short codes are ASCII. */
export function stripDiacritics(text: string): string {
  return text
    .replace(/[łŁøØß]/g, (ch) => EXTRA_LATIN[ch])
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** Lower-case ASCII with dots for spaces and apostrophes dropped: the local part of an e-mail address. */
export function emailLocalPart(...parts: string[]): string {
  return parts
    .map((p) =>
      stripDiacritics(p)
        .toLowerCase()
        .replace(/['’]/g, "")
        .replace(/[^a-z0-9]+/g, "-"),
    )
    .join(".");
}

/** Lower-case ASCII words joined with dashes, for file names and URLs. */
export function slug(text: string): string {
  return stripDiacritics(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Replaces `{key}` placeholders of a phrase template. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`fill: no value for {${key}} in "${template}"`);
    return value;
  });
}
