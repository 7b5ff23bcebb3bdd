import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Which database the suite runs on: SQLite by default, PostgreSQL when TEST_DATABASE_URL names
 * a PostgreSQL server (a superuser connection; the suite creates and drops its own databases).
 */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? "";
export const onPostgres = /^postgres(ql)?:\/\//.test(TEST_SERVER_URL);

/** The fixed admin token the test template is seeded with. */
export const TEST_ADMIN_TOKEN = "wm_test_admin_token_0123456789abcdef";

export const TEMPLATE_DB_NAME = "wm_test_template";

export function sqliteTemplatePath(): string {
  return join(tmpdir(), `wm-test-template-${process.env.WM_TEST_RUN ?? "local"}.db`);
}

/** The URL of database `name` on the test PostgreSQL server. */
export function postgresUrl(name: string): string {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
