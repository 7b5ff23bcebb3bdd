/// <reference lib="dom" />
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { createTestApp, type TestApp } from "./support/test-app";
import { collectProblems, describeWithBrowser, launchBrowser, screenshotDir } from "./support/browser";
import { REST_ROUTES } from "../src/rest/routes";

/**
 * The REST interface's documentation page (GET /docs) as a person opens it in headless Chromium:
 * Swagger UI from this server alone renders the twenty operations of /openapi.json, under the
 * playground's Content-Security-Policy, with no CSP violation and no request to another origin;
 * "Try it out" with a token runs an operation against this server.
 */
describeWithBrowser("REST documentation page in Chromium", () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let shots: string;
  let problems: string[];

  beforeAll(async () => {
    t = await createTestApp();
    browser = await launchBrowser();
    shots = screenshotDir("rest-docs-screenshots");
    page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    problems = collectProblems(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("renders the twenty operations of /openapi.json from this origin, under a CSP that forbids framing", async () => {
    const response = await page.goto(`${await t.url()}/docs`, { waitUntil: "networkidle0" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.waitForFunction(() => document.querySelectorAll(".opblock").length >= 20, { timeout: 30_000 });
    const operations = await page.$$eval(".opblock", (blocks) =>
      blocks.map(
        (b) =>
          `${b.querySelector(".opblock-summary-method")?.textContent} ${b.querySelector(".opblock-summary-path")?.getAttribute("data-path")}`,
      ),
    );
    expect(operations.sort()).toEqual(REST_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    await page.screenshot({ path: join(shots, "operations.png") });
  });

  it("shows an operation's parameters with the schema's descriptions, and runs it with a token (Try it out)", async () => {
    await page.click('[data-path="/crm/notes/{id}"]');
    await page.waitForSelector(".opblock.is-open .parameters");
    // authorize with the token, as the page offers
    await page.click(".auth-wrapper .authorize");
    await page.waitForSelector(".modal-ux input");
    await page.type(".modal-ux input", t.adminToken);
    await page.click(".modal-ux .auth-btn-wrapper .authorize");
    await page.click(".modal-ux .btn-done");
    await page.click(".opblock.is-open .try-out__btn");
    await page.type('.opblock.is-open tr[data-param-name="id"] input', "7d4e5f6a-7c8d-4e9f-9a0b-1c2d3e4f5a22");
    await page.click(".opblock.is-open .execute");
    await page.waitForFunction(
      () => document.querySelector(".opblock.is-open .live-responses-table")?.textContent?.includes('"contractor"'),
      { timeout: 30_000 },
    );
    const text = await page.$eval(".opblock.is-open .live-responses-table", (el) => (el as HTMLElement).innerText);
    expect(text).toMatch(/^200\b/m);
    expect(text).toContain("7d4e5f6a-7c8d-4e9f-9a0b-1c2d3e4f5a22");
    // the parameter's description is the schema's
    expect(await page.$eval('.opblock.is-open tr[data-param-name="id"]', (el) => (el as HTMLElement).innerText)).toContain(
      "Id of the note.",
    );
    await page.screenshot({ path: join(shots, "note-tried.png") });
  });

  it("raised no page error, CSP violation or request to another origin", () => {
    expect(problems).toEqual([]);
  });

  it("would have seen a CSP violation (the check above can fail)", async () => {
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    expect(problems).toEqual([expect.stringMatching(/Content Security Policy/)]);
  });
});
