#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL 15 server on 127.0.0.1 for tests and local runs.
#   scripts/pg-local.sh start   -> prints the DATABASE_URL of a superuser on it
#   scripts/pg-local.sh stop
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGDATA="${PGDATA_DIR:-/tmp/wm-pgdata-$PGPORT}"
BIN="$(dirname "$(command -v initdb || echo /usr/lib/postgresql/15/bin/initdb)")"

as_pg() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "${1:-start}" in
  start)
    if ! command -v initdb >/dev/null && [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then
      apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
      BIN=/usr/lib/postgresql/15/bin
    fi
    if [ ! -f "$PGDATA/PG_VERSION" ]; then
      mkdir -p "$PGDATA"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDATA"
      as_pg "'$BIN/initdb' -D '$PGDATA' -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null"
    fi
    if ! as_pg "'$BIN/pg_ctl' -D '$PGDATA' status" >/dev/null 2>&1; then
      as_pg "'$BIN/pg_ctl' -D '$PGDATA' -l '$PGDATA/server.log' -w -o \"-h 127.0.0.1 -p $PGPORT -k /tmp -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start" >/dev/null
    fi
    echo "postgresql://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    as_pg "'$BIN/pg_ctl' -D '$PGDATA' -m fast stop" >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
