/**
 * Watches the bench's PostgreSQL while `npm run bench` runs, from another terminal:
 *
 *   BENCH_PGPORT=54377 node bench/pg-sample.cjs          # the same port as the bench's
 *
 * Waits for the bench database, then prints one line per window (BENCH_SAMPLE_SECONDS, 3) in
 * which statements ran: the sessions active on average (sampled every 25 ms) and what they waited
 * for, the locks not granted, each statement run at least 50 times with its mean execution +
 * planning time (pg_stat_statements), the Invoice table's rows against the statistics its plans
 * are made from, what autovacuum works on, and the invoice numbering counters' row versions.
 * It answered why createInvoice's PostgreSQL time grew over the rounds (issue 19, item 4): no
 * lock was ever waited for and every counter update was HOT on one page, but the invoice
 * read-back's plan, made while the table held the seed's 117 invoices, seq-scanned the growing
 * table until autovacuum analyzed it again (up to 3.7 ms a call, then 0.4).
 */
const { Client } = require("pg");

const port = process.env.BENCH_PGPORT ?? "54377";
const url = (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
const windowMs = Number(process.env.BENCH_SAMPLE_SECONDS ?? 3) * 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function connectWhenReady() {
  for (;;) {
    const admin = new Client({ connectionString: url("postgres") });
    try {
      await admin.connect();
      const ready = await admin.query(
        `SELECT 1 FROM pg_database WHERE datname = 'wm_bench' AND EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements')`,
      );
      if (ready.rowCount) return admin;
      await admin.end();
    } catch {
      // not started yet
    }
    await sleep(500);
  }
}

async function main() {
  const admin = await connectWhenReady();
  const bench = new Client({ connectionString: url("wm_bench") });
  await bench.connect();
  const statements = async () =>
    new Map(
      (
        await admin.query(
          `SELECT queryid::text AS id, left(regexp_replace(query, '\\s+', ' ', 'g'), 30) AS text, calls::float8 AS calls,
             total_exec_time::float8 AS exec, total_plan_time::float8 AS plan
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = 'wm_bench'`,
        )
      ).rows.map((row) => [row.id, row]),
    );
  let before = await statements();
  let waits = new Map();
  let samples = 0;
  let active = 0;
  let windowStart = Date.now();
  for (;;) {
    const { rows } = await admin.query(
      `SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '-') || ' ' || left(query, 15) AS wait
       FROM pg_stat_activity WHERE datname = 'wm_bench' AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    samples += 1;
    active += rows.length;
    for (const { wait } of rows) waits.set(wait, (waits.get(wait) ?? 0) + 1);
    if (Date.now() - windowStart >= windowMs) {
      const after = await statements();
      const ran = [];
      for (const [id, now] of after) {
        const then = before.get(id) ?? { calls: 0, exec: 0, plan: 0 };
        const calls = now.calls - then.calls;
        if (calls >= 50)
          ran.push(
            `${now.text}: ${calls} x ${((now.exec - then.exec) / calls).toFixed(2)}+${((now.plan - then.plan) / calls).toFixed(2)} ms`,
          );
      }
      before = after;
      if (ran.length > 0) {
        const ungranted = (await admin.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0].n;
        const invoice = (
          await bench.query(
            `SELECT n_live_tup AS live, (SELECT reltuples::int FROM pg_class WHERE relname = 'Invoice') AS planned_on,
               to_char(greatest(last_autoanalyze, last_analyze), 'HH24:MI:SS') AS analyzed
             FROM pg_stat_user_tables WHERE relname = 'Invoice'`,
          )
        ).rows[0];
        const counter = (
          await bench.query(
            `SELECT n_live_tup AS live, n_dead_tup AS dead, n_tup_upd AS updated, n_tup_hot_upd AS hot, pg_relation_size(relid) AS bytes
             FROM pg_stat_user_tables WHERE relname = 'InvoiceNumberingCounter'`,
          )
        ).rows[0];
        const vacuum = (
          await admin.query(`SELECT string_agg(query, ', ') AS q FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`)
        ).rows[0].q;
        const waited = [...waits]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([wait, n]) => `${wait} ${(n / samples).toFixed(2)}`);
        console.log(
          `${new Date().toISOString().slice(11, 19)} active ${(active / samples).toFixed(2)} (${waited.join(", ")}); ungranted locks ${ungranted}\n` +
            `  ${ran.join("; ")}\n` +
            `  Invoice ${invoice.live} rows, statistics of ${invoice.planned_on} (analyzed ${invoice.analyzed}); autovacuum: ${vacuum ?? "idle"}; ` +
            `counters ${counter.live} rows, ${counter.dead} dead, ${counter.hot} of ${counter.updated} updates HOT, ${counter.bytes} bytes`,
        );
      }
      waits = new Map();
      samples = 0;
      active = 0;
      windowStart = Date.now();
    }
    await sleep(25);
  }
}

main().catch((error) => {
  // the bench destroyed its cluster: the run is over
  console.log(`stopped: ${error.message}`);
});
