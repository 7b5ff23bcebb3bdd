import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { describeIf } from "./skip";

/**
 * Chromium for the browser tests: Debian's package (`apt-get install -y chromium`, which
 * .ci/run does), driven by puppeteer-core, which never downloads a browser of its own.
 * CHROMIUM_PATH points elsewhere.
 */
export const chromiumPath: string | undefined = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p): p is string => !!p && existsSync(p),
);

const inCi = process.env.CI === "true" || process.env.CI === "1";

/**
 * `describe` when Chromium is there. Without it: in CI the suite fails (a browser test must not
 * vanish silently there); on a developer's machine it is skipped with a message saying why.
 */
export function describeWithBrowser(name: string, body: () => void): void {
  if (chromiumPath) {
    describe(name, body);
  } else if (inCi) {
    describe(name, () => {
      it("needs Chromium", () => {
        throw new Error(
          "Chromium not found (looked at CHROMIUM_PATH, /usr/bin/chromium): .ci/run installs it with `apt-get install -y chromium`.",
        );
      });
    });
  } else {
    describeIf(false, "Chromium is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)")(name, body);
  }
}

export async function launchBrowser(): Promise<Browser> {
  const puppeteer = await import("puppeteer-core");
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    // root in a container: no user namespaces for Chromium's sandbox; /dev/shm may be small
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
}

/** A fresh folder for screenshots, printed so CI logs show where the artefacts are. */
export function screenshotDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `wm-${label}-`));
  process.stdout.write(`\nScreenshots of ${label}: ${dir}\n`);
  return dir;
}

/**
 * What goes wrong on `page` as it is used, for a test to expect none of: page errors, answers of
 * 400 and above, console errors (a CSP violation is one: "Refused to ..."), and any request to an
 * origin other than this server's. `expected` lets through the failures a test asks for itself.
 */
export function collectProblems(page: Page, expected: { status?: number; console?: RegExp } = {}): string[] {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${(e as Error).message}`));
  page.on("response", (r) => {
    if (r.status() >= 400 && r.status() !== expected.status) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !expected.console?.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("request", (r) => {
    if (!r.url().startsWith("http://127.0.0.1") && !r.url().startsWith("data:")) problems.push(`outside request: ${r.url()}`);
  });
  return problems;
}
