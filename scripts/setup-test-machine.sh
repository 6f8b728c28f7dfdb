#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for the full test suite (Chromium and its headless
# shell for the end-to-end tests, a real Secret Service keychain, compilers and ccache for native
# addons, PostgreSQL for the shop server tests), then the locked npm packages. Safe to run again:
# it installs only what is missing. `npm test` compiles SQLite for Node if it is not built yet.
set -euo pipefail
cd "$(dirname "$0")/.."

# postgresql: the shop server tests start a throw-away PostgreSQL of their own (tests/support/postgres.ts).
packages=(chromium chromium-headless-shell dbus gnome-keyring libsecret-1-0 libsecret-1-dev libsecret-tools python3 make g++ ccache postgresql)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Node 22 LTS (Electron 45 embeds Node 22; Node 20 reached end of life in April 2026). Debian's own
# package is older, so where the machine's Node is older than 22 we install the `node` package from the
# npm registry (it ships the binary and its headers) into /usr/local, ahead of /usr/bin on PATH.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 22 ]; then
  echo "Installing Node 22 LTS from the npm registry (found $(node --version 2>/dev/null || echo none))"
  npm install -g --prefix /usr/local --no-audit --no-fund node@22 >/dev/null
  hash -r
fi
export PATH="/usr/local/bin:$PATH"
echo "Node $(node --version)"
# Native addons are built against the headers of the Node that runs them (the fresh-clone test in
# tests/install does the same).
node_headers="$(node scripts/node-headers.mjs)"
[ -n "$node_headers" ] && export npm_config_nodedir="$node_headers"

# The packages, without better-sqlite3's compile (over a minute of one core): the test run makes it
# beside its checks, which keep the other core busy (scripts/native-addons.mjs). The other install
# scripts (esbuild's binary check, usb's prebuilt binary) run here.
npm ci --no-audit --no-fund --ignore-scripts
npm rebuild esbuild usb
