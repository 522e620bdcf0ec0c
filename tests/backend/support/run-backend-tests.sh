#!/usr/bin/env bash
# The backend suite, run twice: on the embedded database (PGlite) and on a real PostgreSQL, so
# both database paths are proven. Local servers are started here on 127.0.0.1 at random ports
# and stopped here, by their own process ids:
#   - Redis, when Debian's redis-server is installed, for the Redis-backed rate limits;
#   - PostgreSQL, when Debian's postgresql is installed (initdb in a temporary directory, run as
#     the postgres user when this script runs as root: PostgreSQL refuses to run as root).
# Without PostgreSQL the second run is skipped with a note (CI installs it: .ci/run).
# Arguments are passed to jest (e.g. a test file).
set -euo pipefail
cd "$(dirname "$0")/../../.."
# the project's own Node and jest, also when run outside `npm run`
export PATH="$PWD/node_modules/.bin:$PATH"

pids=()
dirs=()
jobs_=()
cleanup() {
  # the jest runs, when the script ends before them (a failed PostgreSQL start, an interrupt)
  for job in "${jobs_[@]}"; do kill -INT "$job" 2>/dev/null || true; done
  for job in "${jobs_[@]}"; do wait "$job" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    kill -INT "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  for dir in "${dirs[@]}"; do rm -rf "$dir"; done
}
trap cleanup EXIT

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

if command -v redis-server >/dev/null 2>&1 && [ -z "${TEST_REDIS_URL:-}" ]; then
  port=$(free_port)
  dir=$(mktemp -d)
  dirs+=("$dir")
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$dir" --daemonize no >"$dir/redis.log" 2>&1 &
  pids+=("$!")
  # until it answers, or has exited
  until redis-cli -p "$port" ping >/dev/null 2>&1; do
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$dir/redis.log" >&2; exit 1; }
    sleep 0.1
  done
  export TEST_REDIS_URL="redis://127.0.0.1:$port"
  # the PostgreSQL run's own database of it (the runs go side by side, below)
  postgres_redis_url="redis://127.0.0.1:$port/1"
fi

# The newest installed PostgreSQL, and how to run it: as ourselves, or as postgres when root
# (setpriv execs the server itself, so $! is the server's own pid).
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups --reset-env); fi

start_postgres() {
  local dir port
  dir=$(mktemp -d)
  dirs+=("$dir")
  port=$(free_port)
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  "${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 >"$dir/initdb.log" 2>&1
  # speed over durability: a throwaway cluster for tests
  "${as_pg[@]}" "$pg_bin/postgres" -D "$dir/data" -p "$port" -k "$dir" -c listen_addresses=127.0.0.1 \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 >"$dir/postgres.log" 2>&1 &
  pids+=("$!")
  # until it answers, or has exited (no time budget: a busy machine's start takes what it takes)
  local server=$!
  until "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$port"; do
    kill -0 "$server" 2>/dev/null || { cat "$dir/postgres.log" >&2; return 1; }
    sleep 0.1
  done
  export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

# jest's default is one worker less than the cores: on 2 cores a single worker, which a busy
# machine's other processes then outnumber. Two workers there (jest's default above that): the
# files share nothing (each its own database copy or database, servers on ports the system picks).
cores=$(nproc 2>/dev/null || echo 2)
parallel=(--maxWorkers="$(( cores > 2 ? cores - 1 : 2 ))")
# unless the caller chose their own
for arg in "$@"; do
  case "$arg" in -w | -w* | --maxWorkers* | -i | --runInBand) parallel=() ;; esac
done

run_jest() {
  # files and options first: --selectProjects would take a following file name for a project
  NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' jest "$@" "${parallel[@]}" --selectProjects backend
}

# The two runs side by side, each with its own output kept and printed whole once both have
# ended (PGlite first), so the two do not interleave; the script fails if either does. One after
# the other, the PostgreSQL run waited for the whole PGlite run while the machine had CPU to
# spare (docs/testing.md, where the suite's time goes). They share nothing a test could see:
# the PGlite run has its database copies, the PostgreSQL run one database per file, and with the
# Redis started above each its own database of it (0 and 1). PostgreSQL starts first, before the
# two runs load the machine.
out=$(mktemp -d)
dirs+=("$out")
if [ -n "$pg_bin" ]; then start_postgres; fi

echo "── backend tests on PGlite (the embedded database)" >"$out/pglite"
TEST_POSTGRES_URL= run_jest "$@" >>"$out/pglite" 2>&1 &
jobs_+=("$!")

if [ -n "$pg_bin" ]; then
  echo "── backend tests on PostgreSQL ($("$pg_bin/postgres" --version)), one database per test file" >"$out/postgres"
  # what does not touch the database (blocks/) or is about the embedded one (stopping) runs on
  # PGlite only (files first: jest's list options would take them as more patterns); tests that
  # start a cluster of their own (the outage test) use the same binaries
  TEST_POSTGRES_BIN="$pg_bin" TEST_REDIS_URL=${postgres_redis_url:-${TEST_REDIS_URL:-}} \
    run_jest "$@" --testPathIgnorePatterns=/node_modules/ --testPathIgnorePatterns=tests/backend/blocks/ --testPathIgnorePatterns=tests/backend/stopping.test.ts >>"$out/postgres" 2>&1 &
  jobs_+=("$!")
else
  echo "── PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL run is skipped" >"$out/postgres"
fi

# both runs end even when one fails; the script fails if either did
status=0
for job in "${jobs_[@]}"; do wait "$job" || status=1; done
cat "$out/pglite" "$out/postgres"
exit "$status"
