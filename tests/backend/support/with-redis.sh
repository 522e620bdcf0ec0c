#!/usr/bin/env bash
# Runs the backend tests with a real Redis on loopback when Debian's redis-server is installed
# (CI installs it), so the Redis-backed rate limits are tested too. The server is started here
# and stopped here, by its own process id.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1 && [ -z "${TEST_REDIS_URL:-}" ]; then
  port=$(( 20000 + RANDOM % 20000 ))
  dir=$(mktemp -d)
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$dir" --daemonize no >"$dir/redis.log" 2>&1 &
  pid=$!
  trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
  for _ in $(seq 1 50); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export TEST_REDIS_URL="redis://127.0.0.1:$port"
fi
NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' jest --selectProjects backend "$@"
