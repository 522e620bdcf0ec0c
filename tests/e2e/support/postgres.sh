#!/usr/bin/env bash
# A throwaway PostgreSQL on 127.0.0.1:$PG_PORT for the e2e run (Debian's postgresql package),
# so operator commands can run while a portal serves (PGlite allows one process at a time).
# Runs in the foreground until Playwright stops it (SIGTERM), then removes its data. As root,
# the server runs as the postgres user (initdb refuses root).
set -euo pipefail
port="${PG_PORT:?PG_PORT is required}"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
dir="/tmp/passport-e2e-pg-$port"
rm -rf "$dir"
mkdir -p "$dir"
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
as_owner "$bin/postgres" -D "$dir/data" -h 127.0.0.1 -p "$port" -k "$dir" -c fsync=off -c synchronous_commit=off -c full_page_writes=off &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT TERM INT
wait "$pid"
