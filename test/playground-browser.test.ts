/// <reference lib="dom" />
import { join } from "node:path";
import { existsSync, statSync } from "node:fs";
import type { Browser, Page } from "puppeteer-core";
import { createTestApp, type TestApp } from "./support/test-app";
import { collectProblems, describeWithBrowser, launchBrowser, screenshotDir } from "./support/browser";
import { loadExamples } from "../src/server/examples";

/**
 * The playground as a person uses it, in headless Chromium: GraphiQL loads from this server
 * alone, a token is entered, an example from the collection is run, and the answer is on screen.
 */
describeWithBrowser("GraphiQL playground in Chromium", () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let shots: string;
  let problems: string[];

  beforeAll(async () => {
    t = await createTestApp();
    browser = await launchBrowser();
    shots = screenshotDir("playground-screenshots");
    page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    // the one 401 is the run without a token, asked for below; nothing may come from elsewhere
    problems = collectProblems(page, { status: 401, console: /status of 401/ });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The text the response pane shows (what a person sees, not the editor's model). */
  const responseText = () => page.$eval(".graphiql-response", (el) => (el as HTMLElement).innerText);

  it("loads GraphiQL from this origin with the twenty examples, under a CSP that forbids framing", async () => {
    const response = await page.goto(`${await t.url()}/graphql`, { waitUntil: "networkidle0" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.waitForSelector(".graphiql-container");
    const listed = await page.$$eval("button[data-example]", (buttons) => buttons.map((b) => b.getAttribute("data-example")));
    expect(listed).toEqual(loadExamples().map((e) => e.id));
    expect(listed).toHaveLength(20);
  });

  it("without a token the answer on screen is the 401's UNAUTHENTICATED error", async () => {
    await page.click('button[data-example="E8"]');
    await page.click(".graphiql-execute-button");
    await page.waitForFunction(() => document.querySelector(".graphiql-response")?.textContent?.includes("UNAUTHENTICATED"), {
      timeout: 20_000,
    });
  });

  it("with a token entered, runs E4 createInvoice and shows the invoice; docs explorer open", async () => {
    await page.type("#wm-token", t.adminToken);
    await page.click('button[data-example="E4"]');
    await page.click(".graphiql-execute-button");
    await page.waitForFunction(() => document.querySelector(".graphiql-response")?.textContent?.includes('"grossAmount"'), {
      timeout: 20_000,
    });
    const text = await responseText();
    expect(text).toContain('"grossAmount": 2460');
    expect(text).toContain('"netAmount": 2000');
    expect(text).not.toContain('"errors"');
    await page.screenshot({ path: join(shots, "e4-answered.png") });

    // the documentation explorer, on the mutation just run
    await page.click('[aria-label="Show Documentation Explorer"]');
    await page.waitForSelector(".graphiql-doc-explorer");
    await page.waitForFunction(() => document.querySelector(".graphiql-doc-explorer")?.textContent?.includes("Mutation"), {
      timeout: 20_000,
    });
    const file = join(shots, "docs-open-e4-answered.png");
    await page.screenshot({ path: file });
    expect(existsSync(file) && statSync(file).size > 10_000).toBe(true);
    expect(await t.db.invoice.count({ where: { grossAmount: 2460 } })).toBeGreaterThan(0);
  });

  it("keeps the token for the session (a reload) and records the run in the history", async () => {
    await page.reload({ waitUntil: "networkidle0" });
    await page.waitForSelector(".graphiql-container");
    expect(await page.$eval("#wm-token", (el) => (el as HTMLInputElement).value)).toBe(t.adminToken);
    await page.click('[aria-label="Show History"]');
    await page.waitForFunction(() => document.querySelector(".graphiql-history")?.textContent?.includes("E04CreateInvoice"), {
      timeout: 20_000,
    });
    await page.screenshot({ path: join(shots, "history.png") });
  });

  it("offers autocompletion from the schema", async () => {
    await page.click('[aria-label="Show Examples E1–E20"]');
    await page.click('button[data-example="E8"]');
    await page.click(".graphiql-query-editor .CodeMirror");
    // at the end of the first line of the selection set: start a new field
    await page.keyboard.down("Control");
    await page.keyboard.press("End");
    await page.keyboard.up("Control");
    await page.keyboard.type("\n{ projectG");
    await page.waitForFunction(() => document.querySelector(".CodeMirror-hints")?.textContent?.includes("projectGantt"), {
      timeout: 20_000,
    });
    await page.screenshot({ path: join(shots, "autocompletion.png") });
  });

  /** The lint annotations of GraphiQL's editors (query, variables, headers, response), each as `severity: message`. */
  const lintMarks = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll(".CodeMirror")).flatMap((el) =>
        ((el as any).CodeMirror?.state?.lint?.marked ?? []).map((m: any) => `${m.__annotation?.severity}: ${m.__annotation?.message}`),
      ),
    );
  const setEditor = (editor: "query" | "variables", text: string) =>
    page.evaluate(
      (selector, value) => (document.querySelector(selector) as any).CodeMirror.setValue(value),
      editor === "query" ? ".graphiql-query-editor .CodeMirror" : ".graphiql-editor-tool .CodeMirror",
      text,
    );
  /** GraphiQL lints half a second after a change; a person reads the markers after that. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 1_500));

  it("marks none of its twenty examples, nor the deprecated showTasks, as an error (issue 24)", async () => {
    // the examples panel is open (the autocompletion test above opened it)
    // the linter is on: a real mistake is marked, in the query and in the variables
    await page.click('button[data-example="E4"]');
    await setEditor(
      "variables",
      JSON.stringify({
        input: {
          invoiceType: "Vat",
          fileGeneratedLanguage: "pl",
          items: [{ positionName: "A", count: "two", priceUnit: 1, tax: "RATE_23" }],
        },
      }),
    );
    await page.waitForFunction(() => document.querySelector(".CodeMirror-lint-mark-error"), { timeout: 20_000 });
    expect((await lintMarks()).join("\n")).toMatch(/error: .*Float/);

    const marked: Record<string, string[]> = {};
    for (const example of loadExamples()) {
      await page.click(`button[data-example="${example.id}"]`);
      await settled();
      const marks = await lintMarks();
      if (marks.length > 0) marked[example.id] = marks;
    }
    expect(marked).toEqual({});

    // a deprecated argument is known (introspected with inputValueDeprecation): a warning, not an error
    await setEditor("query", `query Gantt($id: ID!) { projectGantt(id: $id, showTasks: true) { id } }`);
    await setEditor("variables", `{ "id": "00000000-0000-4000-8000-000000000000" }`);
    await settled();
    const marks = await lintMarks();
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatch(/^warning: Field "Query.projectGantt" argument "showTasks" is deprecated/);
  });

  it("raised no page error, CSP violation or request to another origin", () => {
    expect(problems).toEqual([]);
  });
});
