import { connect, type Socket } from "node:net";
import { Client } from "pg";
import { RequestScope } from "../src/observability/request-scope";
import { demoIds, TEST_ADMIN_TOKEN } from "./support/test-app";
import { onPostgres } from "./support/databases";
import { startServer, type ServerProcess } from "./support/server-process";
import { servedCopy, type ServedCopy } from "./support/served-copy";
import { itIf, NEEDS_POSTGRES } from "./support/skip";

/**
 * Issue 9, points 2 and 5, against real server processes (SQLite, and PostgreSQL when the suite
 * runs with TEST_DATABASE_URL): the time budget (REQUEST_TIMEOUT_MS) abandons a request and
 * keeps nothing it began to write; SIGTERM with heavy requests in flight drops none of them,
 * refuses everything after it at once, and exits within SHUTDOWN_TIMEOUT_MS.
 */
jest.setTimeout(180_000);

const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function post(base: string, body: unknown, headers: Record<string, string> = auth) {
  const started = performance.now();
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any, ms: performance.now() - started };
}

describe("request scopes' deadlines (one timer per budget)", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("stops each running scope at its own deadline, never one that finished, whatever the order and budget", async () => {
    // windows of hundreds of milliseconds: the machines running this are shared
    const first = new RequestScope(400);
    const finished = new RequestScope(400);
    await sleep(200);
    const later = new RequestScope(400);
    const shorter = new RequestScope(100);
    finished.finish();
    await sleep(250); // 450 ms after the first, 250 ms after the later and shorter ones
    expect(first.stopped?.extensions.code).toBe("REQUEST_TIMEOUT");
    expect(shorter.stopped?.extensions.code).toBe("REQUEST_TIMEOUT");
    expect(later.stopped).toBeUndefined();
    await sleep(250);
    expect(later.stopped?.extensions.code).toBe("REQUEST_TIMEOUT");
    expect(later.signal.aborted).toBe(true);
    expect(finished.stopped).toBeUndefined();
    // once every scope of the budget is gone, a new one still gets its deadline
    const again = new RequestScope(400);
    await sleep(500);
    expect(again.stopped?.extensions.code).toBe("REQUEST_TIMEOUT");
  });

  it("a cancelled scope stops at once, and a deadline held by a commit waits for it", async () => {
    const cancelled = new RequestScope(10_000);
    cancelled.cancel();
    expect(cancelled.stopped?.extensions.code).toBe("REQUEST_TIMEOUT");
    const held = new RequestScope(50);
    const release = held.holdDeadline();
    await sleep(120);
    expect(held.stopped).toBeUndefined();
    release();
    await sleep(20);
    expect(held.stopped?.extensions.code).toBe("REQUEST_TIMEOUT");
  });
});

describe("the time budget (REQUEST_TIMEOUT_MS)", () => {
  const BUDGET_MS = 100;
  let copy: ServedCopy;
  let server: ServerProcess;
  beforeAll(async () => {
    copy = await servedCopy();
    // cost limits lifted so that a document can run far past the budget, the light line (2.5% of
    // MAX_QUERY_COST) kept at 1,000,000 as when these tests were written: at 2,500,000 (a limit of
    // 100,000,000) the 500-item createInvoice below met its deadline in 60 rounds of 60
    server = await startServer({
      ...copy.env,
      NODE_ENV: "production",
      REQUEST_TIMEOUT_MS: String(BUDGET_MS),
      MAX_QUERY_COST: "40000000",
      MAX_CONCURRENT_COST: "40000000",
      MAX_QUERY_FIELDS: "100000",
    });
    await server.ready();
  });
  afterAll(async () => {
    const code = await server?.stop();
    await copy?.drop();
    expect(code).toBe(0);
  });

  it("abandons a request past its budget with REQUEST_TIMEOUT (HTTP 503) soon after the deadline, then serves as before", async () => {
    const heavy = `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: vacations(pagination: false) { items { id status description calendarUser { id firstName lastName email } vacationDates { id date } } }`).join(" ")} }`;
    const r = await post(server.url, { query: heavy });
    expect([r.status, r.json.errors?.[0]?.message]).toEqual([503, expect.stringContaining("budget")]);
    expect(r.json.errors[0].extensions).toEqual({ code: "REQUEST_TIMEOUT" });
    expect(r.json.errors[0].message).toContain(`${BUDGET_MS} ms`);
    // execution was abandoned, not completed with every field nulled: one error, no partial data
    expect(r.json.errors).toHaveLength(1);
    expect(r.json.data).toBeUndefined();
    // answered soon after the deadline (statements already sent finish first), not when the whole
    // document would have (tens of seconds); generous, the machines running this are shared
    console.log(`400 heavy aliases under a ${BUDGET_MS} ms budget: answered REQUEST_TIMEOUT after ${r.ms.toFixed(0)} ms`);
    expect(r.ms).toBeLessThan(BUDGET_MS + 8_000);
    // statements the abandoned request had already sent still finish (on PostgreSQL they hold
    // pool connections a while); then the server answers as before
    let after = await post(server.url, { query: `{ users(itemsPerPage: 1) { items { id } } }` });
    for (let i = 0; i < 60 && after.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = await post(server.url, { query: `{ users(itemsPerPage: 1) { items { id } } }` });
    }
    expect(after.status).toBe(200);
    expect(after.json.errors).toBeUndefined();
  });

  const onlyOnPostgres = itIf(onPostgres, NEEDS_POSTGRES);
  onlyOnPostgres(
    "rolls back a mutation whose transaction is still running at the deadline (PostgreSQL: blocked on a row lock)",
    async () => {
      const sql = new Client({ connectionString: copy.databaseUrl });
      await sql.connect();
      try {
        const before = (await sql.query(`SELECT description FROM "Stage" WHERE id = $1`, [demoIds.stageId])).rows[0].description;
        // another session holds the stage's row: the mutation's UPDATE waits inside its transaction
        await sql.query("BEGIN");
        await sql.query(`SELECT id FROM "Stage" WHERE id = $1 FOR UPDATE`, [demoIds.stageId]);
        const pending = post(server.url, {
          query: `mutation ($id: ID!) { updateStage(id: $id, input: { description: "written after the deadline" }) { id description } }`,
          variables: { id: demoIds.stageId },
        });
        const r = await pending;
        expect(r.status).toBe(503);
        expect(r.json.errors[0].extensions.code).toBe("REQUEST_TIMEOUT");
        // answered at the deadline, not when the lock goes (or the statement times out, 30 s later)
        expect(r.ms).toBeLessThan(BUDGET_MS + 8_000);
        await sql.query("COMMIT"); // the lock goes: a transaction that were still alive would now write
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const after = (await sql.query(`SELECT description FROM "Stage" WHERE id = $1`, [demoIds.stageId])).rows[0].description;
        expect(after).toBe(before);
        // and its connection went back to the pool rolled back: the next write on it is its own
        const left = await sql.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'work-management-api' AND state = 'idle in transaction'`,
        );
        expect(left.rows[0].n).toBe(0);
      } finally {
        await sql.end();
      }
    },
  );

  it("keeps nothing of a mutation abandoned at its deadline: every REQUEST_TIMEOUT left the database as it was", async () => {
    // 500-item invoices in a row under a short budget, while reads keep the server busy: some
    // finish, some time out at various points; each one that timed out must have written nothing.
    // The reads are light operations under this server's lifted cost limit (under 1% of it): light
    // operations never take turns, so each holds the event loop for its whole run, as load does.
    const heavyRead = `{ ${Array.from({ length: 12 }, (_, i) => `a${i}: vacations(pagination: false) { items { id status description calendarUser { id firstName lastName email } vacationDates { id date } } }`).join(" ")} }`;
    const items = Array.from({ length: 500 }, (_, i) => ({
      positionName: `Item ${i}`,
      unit: "szt.",
      count: 1,
      priceUnit: 10,
      tax: "RATE_23",
    }));
    // how long one read holds this server (machines differ): each round's load is set from it, so
    // that the mutation waits from about half its budget to about twice it
    await post(server.url, { query: heavyRead });
    const one = (await post(server.url, { query: heavyRead })).ms;
    let timedOut = 0;
    let created = 0;
    let rounds = 0;
    // 12 rounds, and more (up to 60) until one has timed out: on a quiet machine few do (about 1 in 12)
    for (let i = 0; i < 12 || (timedOut === 0 && i < 60); i++) {
      rounds += 1;
      const reads = Math.max(1, Math.round(((1 + (i % 4)) * BUDGET_MS) / 2 / one));
      // the reads are sent before it: the mutation waits longer as the load grows
      const load = Promise.all(Array.from({ length: reads }, () => post(server.url, { query: heavyRead }).catch(() => undefined)));
      const no = `BUDGET/${i}/${Date.now()}`;
      const r = await post(server.url, {
        query: `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id no } }`,
        variables: {
          input: {
            invoiceType: "Vat",
            fileGeneratedLanguage: "pl",
            isDraft: true,
            no,
            numbering: demoIds.invoiceNumberingId,
            buyerId: demoIds.contractorId,
            items,
          },
        },
      });
      await load;
      await new Promise((resolve) => setTimeout(resolve, 300)); // a transaction still running would finish by now
      const stored = await countInvoices(copy.databaseUrl, no);
      if (r.status === 503) {
        expect(r.json.errors[0].extensions.code).toBe("REQUEST_TIMEOUT");
        expect({ no, stored }).toEqual({ no, stored: 0 });
        timedOut += 1;
      } else {
        expect(r.json.errors).toBeUndefined();
        expect({ no, stored }).toEqual({ no, stored: 1 });
        created += 1;
      }
    }
    console.log(`createInvoice under a ${BUDGET_MS} ms budget: ${created} stored, ${timedOut} abandoned with nothing written`);
    expect(timedOut + created).toBe(rounds);
    expect(timedOut).toBeGreaterThan(0);
  });
});

async function countInvoices(databaseUrl: string, no: string): Promise<number> {
  const { prismaClient } = await import("../src/db/client");
  const db = prismaClient({ url: databaseUrl }).client;
  try {
    return await db.invoice.count({ where: { no } });
  } finally {
    await db.$disconnect();
  }
}

describe(`graceful shutdown with heavy requests in flight (${onPostgres ? "PostgreSQL" : "SQLite"})`, () => {
  const SHUTDOWN_TIMEOUT_MS = 60_000;
  let copy: ServedCopy;
  let server: ServerProcess;
  beforeAll(async () => {
    copy = await servedCopy();
    server = await startServer({
      ...copy.env,
      NODE_ENV: "production",
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: "60000",
    });
    await server.ready();
  });
  afterAll(async () => {
    await server?.stop();
    await copy?.drop();
  });

  it("on SIGTERM: answers every request in flight, refuses new connections at once, closes the rest, exits 0 within the deadline", async () => {
    // 40 x (1 + 1000 x 4) = 160,040 each: one runs at a time (MAX_CONCURRENT_COST), the others wait their turn
    const heavy = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: vacations(pagination: false) { items { id status daysCount } }`).join(" ")} }`;
    const probe = await post(server.url, { query: heavy });
    expect(probe.status).toBe(200);
    const COST: number = probe.json.extensions.cost.requested;
    // The signal must come once the server has read all eight (answered, running or waiting): a
    // request it has not read yet is not in flight, and is closed or refused like any later one.
    // A heavy document holds the event loop for a while, so a poll may not see the moment it waits
    // for; a batch mostly answered before it was seen is let go and another sent (at most 10).
    const admission = async () => {
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      const inUse = Number(/^graphql_cost_in_use (\d+)/m.exec(metrics)?.[1] ?? 0);
      const waiting = Number(/^graphql_operations_waiting (\d+)/m.exec(metrics)?.[1] ?? 0);
      return { running: inUse >= COST ? 1 : 0, waiting };
    };
    const seen: string[] = [];
    let batch: Batch | undefined;
    let attempts = 0;
    while (!batch) {
      attempts++;
      const sent = await sendBatch(server.url, heavy);
      let caught = false;
      await waitUntil(async () => {
        // counted before the poll, so that an answer arriving meanwhile is counted nowhere, never twice
        const answered = sent.answered();
        if (answered > 4) return true;
        const { running, waiting } = await admission();
        seen.push(`${answered}+${running}+${waiting}`);
        caught = running === 1 && waiting >= 3 && answered + running + waiting === 8;
        return caught;
      }, "the requests in flight");
      if (caught) batch = sent;
      else {
        await Promise.all(sent.inFlight);
        await waitUntil(async () => (await admission()).running === 0 && sent.answered() === 8, "the batch answered");
        sent.socket.destroy();
        if (attempts === 10)
          throw new Error(
            `10 batches mostly answered before all eight were seen in flight; answered+running+waiting seen: ${seen.join(" ")}`,
          );
      }
    }
    const { inFlight, socket } = batch;
    const answeredBefore = batch.answered();
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await waitUntil(async () => server.output().includes("SIGTERM received"), "the signal handled");
    const handledAfter = Date.now() - signalled;

    // from then on a new connection is refused at once
    const refusedStarted = performance.now();
    const fresh = await openSocket(server.url).then(
      (s) => {
        s.destroy();
        return "connected";
      },
      (e: NodeJS.ErrnoException) => String(e.code),
    );
    expect(fresh).toBe("ECONNREFUSED");
    expect(performance.now() - refusedStarted).toBeLessThan(1_000);

    // every request in flight at the signal is answered in full
    const answers = await Promise.all(inFlight);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.json.errors).toBeUndefined();
      expect(a.json.data.a39.items.length).toBeGreaterThan(0);
    }
    // the raw connection got its whole answer, then the server closed it (keep-alive ends)
    await waitUntil(async () => socket.destroyed || socket.readableEnded, "the raw connection closed").catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(batch.raw().slice(0, 300))} ${batch.raw().length}`);
    });
    const responses = batch.raw().split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain('"a39":{"items":[');
    socket.destroy();

    const code = await server.exited;
    const took = Date.now() - signalled;
    console.log(
      `SIGTERM with 8 heavy requests sent, ${answeredBefore} answered before it (batch ${attempts}): handled after ${handledAfter} ms, all answered, exit ${code} after ${took} ms`,
    );
    expect(code).toBe(0);
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.output()).toContain("SIGTERM received");
    expect(server.output()).toContain('"msg":"Stopped."');
  });
});

/** Seven heavy requests over fetch, and one more on a raw keep-alive connection (to see the server close it once answered). */
interface Batch {
  inFlight: Array<ReturnType<typeof post>>;
  socket: Socket;
  /** How many of the eight have their whole answer. */
  answered(): number;
  raw(): string;
}

/** Connects first, then sends all eight at once, so that they reach the server together. */
async function sendBatch(url: string, query: string): Promise<Batch> {
  const socket = await openSocket(url);
  let raw = "";
  socket.on("data", (d) => (raw += d));
  const body = JSON.stringify({ query });
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${TEST_ADMIN_TOKEN}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  let settled = 0;
  const inFlight = Array.from({ length: 7 }, () => post(url, { query }).finally(() => settled++));
  const rawAnswered = () => {
    const headEnd = raw.indexOf("\r\n\r\n");
    const length = /^content-length: (\d+)/im.exec(raw.slice(0, headEnd))?.[1];
    return headEnd >= 0 && length !== undefined && Buffer.byteLength(raw.slice(headEnd + 4)) >= Number(length) ? 1 : 0;
  };
  return { inFlight, socket, answered: () => settled + rawAnswered(), raw: () => raw };
}

async function waitUntil(predicate: () => Promise<boolean>, what = "the condition", timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function openSocket(base: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}
