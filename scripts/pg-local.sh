#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL 15 server on 127.0.0.1 for tests and local runs.
#   scripts/pg-local.sh start     -> starts it (creating the data directory if needed) and prints
#                                    the DATABASE_URL of a superuser on it
#   scripts/pg-local.sh stop      -> fast shutdown (connections are cut; the data stays)
#   scripts/pg-local.sh status    -> exit 0 when it runs
#   scripts/pg-local.sh destroy   -> stop, then delete the data directory
#   scripts/pg-local.sh url       -> print the URL only
# PGPORT (default 54329) and PGDATA_DIR (default /tmp/wm-pgdata-$PGPORT) select the instance, so
# several can run side by side (CI uses its own, the outage test starts and stops another).
# PG_SETTINGS adds server settings on start, as space-separated name=value pairs (the benchmark
# loads pg_stat_statements this way: PG_SETTINGS="shared_preload_libraries=pg_stat_statements").
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
# Settings favour speed over durability (fsync off): never point this at data you want to keep.
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGDATA="${PGDATA_DIR:-/tmp/wm-pgdata-$PGPORT}"
URL="postgresql://postgres@127.0.0.1:$PGPORT/postgres"

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/15/bin "$(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/pg_ctl)")"; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

running() {
  [ -n "${BIN:-}" ] && [ -f "$PGDATA/PG_VERSION" ] && as_pg "'$BIN/pg_ctl' -D '$PGDATA' status" >/dev/null 2>&1
}

BIN="$(find_bin || true)"

case "${1:-start}" in
  start)
    if [ -z "$BIN" ]; then
      echo "PostgreSQL 15 not found: installing it with apt-get" >&2
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
      BIN="$(find_bin)"
    fi
    if [ ! -f "$PGDATA/PG_VERSION" ]; then
      mkdir -p "$PGDATA"
      if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDATA"; fi
      as_pg "'$BIN/initdb' -D '$PGDATA' -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null"
    fi
    if ! running; then
      EXTRA=""
      for setting in ${PG_SETTINGS:-}; do EXTRA="$EXTRA -c $setting"; done
      if ! as_pg "'$BIN/pg_ctl' -D '$PGDATA' -l '$PGDATA/server.log' -w -t 60 -o \"-h 127.0.0.1 -p $PGPORT -k /tmp -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off$EXTRA\" start" >/dev/null; then
        echo "PostgreSQL did not start on port $PGPORT; end of $PGDATA/server.log:" >&2
        tail -n 20 "$PGDATA/server.log" >&2 || true
        exit 1
      fi
    fi
    echo "$URL"
    ;;
  stop)
    if running; then as_pg "'$BIN/pg_ctl' -D '$PGDATA' -m fast -w stop" >/dev/null; fi
    ;;
  status)
    running
    ;;
  destroy)
    if running; then as_pg "'$BIN/pg_ctl' -D '$PGDATA' -m fast -w stop" >/dev/null; fi
    rm -rf "$PGDATA"
    ;;
  url)
    echo "$URL"
    ;;
  *) echo "usage: $0 start|stop|status|destroy|url" >&2; exit 2 ;;
esac
