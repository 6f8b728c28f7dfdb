#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for the full test suite (Chromium for the
# end-to-end tests, a real Secret Service keychain, compilers for native addons), then the
# locked npm packages. Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium dbus gnome-keyring libsecret-1-0 libsecret-1-dev python3 make g++)
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

npm ci --no-audit --no-fund
