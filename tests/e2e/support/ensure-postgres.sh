#!/usr/bin/env bash
# The message, announcement and analytics browser tests run their portal on a throwaway
# PostgreSQL (tests/e2e/support/postgres.sh). Installs Debian's postgresql through apt when it
# is missing (root, as on CI and the dev machines); apt does not start it here, the tests do.
set -euo pipefail
if ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "PostgreSQL is missing. Install Debian's package: sudo apt-get install -y postgresql" >&2
  exit 1
fi
echo "Installing Debian's postgresql for the browser tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
