import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { projectRoot } from "../src/config/paths";

/**
 * The documentation stands alone and cannot rot: every relative link of README.md and docs/
 * opens a file of this repository (not one beside it, like the spec once was), and every
 * repository path that docs/ARCHITECTURE.md names exists. Reading files only: no server, no
 * database.
 */

/** README.md and every Markdown file under docs/, as paths relative to the repository. */
function markdownFiles(): string[] {
  const files = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(projectRoot, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files.sort();
}

/** Text outside fenced code blocks and inline code spans (examples there are not links). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The targets of the inline links and images of a Markdown text: `[text](target "title")`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/** Whether a path relative to the repository exists, `<placeholder>` and `*` segments matching any entry. */
function pathExists(path: string): boolean {
  const segments = path.replace(/\/$/, "").split("/");
  const matches = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return true;
    const [segment, ...tail] = rest;
    if (!/[<*]/.test(segment)) return existsSync(join(dir, segment)) && matches(join(dir, segment), tail);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    const pattern = new RegExp(
      `^${segment
        .split(/(<[^>]+>|\*)/)
        .map((part) => (part.startsWith("<") ? "[^/]+" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
        .join("")}$`,
    );
    return readdirSync(dir).some((name) => pattern.test(name) && matches(join(dir, name), tail));
  };
  return matches(projectRoot, segments);
}

describe("the documentation", () => {
  const files = markdownFiles();

  it("covers README.md, the docs and the copied spec", () => {
    expect(files).toEqual(
      expect.arrayContaining(["README.md", "docs/ARCHITECTURE.md", "docs/spec/service-interface.md", "docs/spec/graphql-contract.md"]),
    );
  });

  it.each(files)("%s: every relative link opens a file of this repository", (file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(join(projectRoot, file), "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue; // https:, mailto:, same-page anchors
      const path = decodeURIComponent(target.replace(/[#?].*$/, ""));
      const absolute = resolve(projectRoot, dirname(file), path);
      const inside = !relative(projectRoot, absolute).startsWith(`..`) && !path.startsWith("/");
      if (!inside || !existsSync(absolute)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it("README links the interface, the contract and the architecture inside the repository", () => {
    const targets = linkTargets(readFileSync(join(projectRoot, "README.md"), "utf8"));
    expect(targets).toEqual(
      expect.arrayContaining(["docs/spec/service-interface.md", "docs/spec/graphql-contract.md", "docs/ARCHITECTURE.md"]),
    );
  });

  it("docs/ARCHITECTURE.md names only repository paths that exist", () => {
    const text = readFileSync(join(projectRoot, "docs/ARCHITECTURE.md"), "utf8");
    const topLevel = new Set(readdirSync(projectRoot).filter((name) => name !== "node_modules"));
    // a path is a backticked span whose first segment is a top-level entry of the repository
    const paths = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((span) => topLevel.has(span.split("/")[0]));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !pathExists(path))).toEqual([]);
  });

  it("a path that is not there is caught (the check above can fail)", () => {
    expect(pathExists("src/services/<area>/")).toBe(true);
    expect(pathExists("src/resolvers/<area>/*.resolver.ts")).toBe(true);
    expect(pathExists("src/services/shared/no-such-module.ts")).toBe(false);
    expect(pathExists("src/<layer>/no-such-area/")).toBe(false);
    expect(linkTargets("see [the spec](../shared/spec/x.md) and `[not](a-link.md)`")).toEqual(["../shared/spec/x.md"]);
  });
});
