#!/usr/bin/env bash
# npm test's first step: `npm run lint` and `npm run typecheck` side by side. Each is one
# single-threaded process, so one after the other they left a core of a 2-core machine idle
# (docs/testing.md, where the suite's time goes). Each one's output is kept and printed whole
# once both have ended, lint first, so the two do not interleave; the step fails if either does.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

npm run --silent lint >"$out/lint" 2>&1 &
lint=$!
npm run --silent typecheck >"$out/typecheck" 2>&1 &
typecheck=$!
wait "$lint"
lint_status=$?
wait "$typecheck"
typecheck_status=$?

status=0
for step in lint typecheck; do
  code=${step}_status
  echo "> npm run $step (exit ${!code})"
  cat "$out/$step"
  [ "${!code}" -eq 0 ] || status=1
done
exit "$status"
