#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; browsers are never downloaded by a test tool.
# Installs it through apt when it is missing (root, as on CI and the dev machines).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing at $chromium_path. Install Debian's package: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
