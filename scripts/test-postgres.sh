#!/usr/bin/env bash
# Runs the whole jest suite on PostgreSQL, then the tests that start server processes of their
# own (cross-process invoice numbering; database outage and recovery; the benchmark's quick mode).
#   npm run test:postgres                      -> uses scripts/pg-local.sh (PGPORT, default 54329),
#                                                 starting it if needed and stopping it afterwards
#                                                 only if this script started it
#   TEST_DATABASE_URL=postgresql://... npm run test:postgres
#                                              -> uses that server (a superuser connection: the
#                                                 suite creates and drops its own databases)
# Extra arguments go to every jest call (e.g. --ci, --silent).
set -euo pipefail
cd "$(dirname "$0")/.."

section() { printf '\n\033[1m==== %s ====\033[0m\n' "$*"; }

PROCESS_TESTS=(test/postgres-cross-process-numbering.test.ts test/postgres-connection-outage.test.ts test/bench.test.ts)

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  started_here=false
  if ! bash scripts/pg-local.sh status; then started_here=true; fi
  section "PostgreSQL: starting scripts/pg-local.sh (port ${PGPORT:-54329})"
  TEST_DATABASE_URL="$(bash scripts/pg-local.sh start)"
  if [ "$started_here" = true ]; then trap 'bash scripts/pg-local.sh stop' EXIT; fi
fi
export TEST_DATABASE_URL
case "$TEST_DATABASE_URL" in
  postgres://*|postgresql://*) ;;
  *) echo "TEST_DATABASE_URL must be a postgres:// or postgresql:// URL (got: $TEST_DATABASE_URL)" >&2; exit 2 ;;
esac

ignore="$(IFS='|'; echo "${PROCESS_TESTS[*]}")"
section "PostgreSQL: whole jest suite"
npx jest --testPathIgnorePatterns "$ignore" "$@"

section "PostgreSQL: two server processes, 200 concurrent createInvoice on one numbering"
npx jest "${PROCESS_TESTS[0]}" "$@"

section "PostgreSQL: database outage while serving, and recovery"
npx jest "${PROCESS_TESTS[1]}" "$@"

# alone, so that the load it makes cannot upset the timing of other tests
section "npm run bench, quick mode: the project and PostGraphile v4 side by side"
npx jest "${PROCESS_TESTS[2]}" "$@"
