#!/usr/bin/env bash
# A throwaway PostgreSQL on 127.0.0.1:$PG_PORT for the e2e run (Debian's postgresql package),
# so operator commands can run while a portal serves (PGlite allows one process at a time).
# Runs in the foreground until Playwright stops it (SIGTERM), then stops the server by the pid
# it wrote and removes its data. As root the server runs as the postgres user (initdb refuses root;
# setpriv execs the program itself, where runuser printed "Session terminated" at every stop).
# The server's own log goes to a file, printed only when the server fails.
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
owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  owner=(setpriv --reuid=postgres --regid=postgres --init-groups --reset-env)
fi
"${owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"

stop() {
  local server
  server=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
  if [ -n "$server" ]; then
    kill -INT "$server" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 0' TERM INT
"${owner[@]}" "$bin/postgres" -D "$dir/data" -h 127.0.0.1 -p "$port" -k "$dir" -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c log_checkpoints=off -c log_min_messages=warning >"$dir/postgres.log" 2>&1 &
server=$!
if ! wait "$server"; then
  cat "$dir/postgres.log" >&2
  exit 1
fi
