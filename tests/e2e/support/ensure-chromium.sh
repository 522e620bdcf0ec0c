#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; browsers are never downloaded by a test tool.
# Two of its packages: the headless shell, which runs most specs, and the browser, for the few
# that need its own windows (FedCM's account chooser; playwright.config.ts, BROWSER_SPECS). Installs what is missing
# through apt (root, as on CI and the dev machines).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell_path="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
[ -x "$shell_path" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing for the browser tests: ${missing[*]}. Install Debian's packages: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the browser tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
