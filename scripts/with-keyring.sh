#!/usr/bin/env bash
# Runs a command against a real, throw-away OS keychain (the freedesktop Secret Service,
# provided by gnome-keyring) so the keychain tests exercise the real thing in CI.
#
#   bash scripts/with-keyring.sh <command> [args...]
#   bash scripts/with-keyring.sh node --import tsx --test tests/unit/storage/keychain.test.ts
#
# It starts a private D-Bus session (dbus-run-session), a temporary HOME with its own XDG
# folders, and an unlocked "login" keyring, then runs the command with PAYDESK_KEYRING=1 so
# the keychain tests fail (rather than skip) if the keychain is unreachable. Everything,
# keyring file included, is deleted afterwards. Needs Debian's dbus and gnome-keyring.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [ -z "${PAYDESK_KEYRING_SESSION:-}" ]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "with-keyring: '$tool' is missing (Debian: apt-get install dbus gnome-keyring)" >&2
      exit 3
    fi
  done
  scratch="$(mktemp -d -t paydesk-keyring.XXXXXX)"
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/home" "$scratch/data" "$scratch/config" "$scratch/cache" "$scratch/runtime"
  chmod 700 "$scratch/runtime"
  status=0
  HOME="$scratch/home" \
    XDG_DATA_HOME="$scratch/data" \
    XDG_CONFIG_HOME="$scratch/config" \
    XDG_CACHE_HOME="$scratch/cache" \
    XDG_RUNTIME_DIR="$scratch/runtime" \
    PAYDESK_KEYRING_SESSION=1 \
    dbus-run-session -- bash "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the private D-Bus session. A non-empty password matters: with an empty one the
# daemon tries to show a graphical prompt and fails. The password only guards this
# throw-away keyring.
daemon_env="$(printf 'paydesk-throwaway-keyring' | gnome-keyring-daemon --unlock --components=secrets)"
while IFS= read -r line; do
  case "$line" in
    *=*) export "${line?}" ;;
  esac
done <<<"$daemon_env"
export PAYDESK_KEYRING=1
"$@"
