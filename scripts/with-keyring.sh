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
#
# A keyring that cannot hang the run: the private bus starts no service on demand (with the
# standard session config, a call to a keyring that has left the bus would start a fresh,
# LOCKED daemon that waits for a password prompt nobody sees), and a watch starts the unlocked
# daemon again within about a second whenever org.freedesktop.secrets has no owner. The
# command sees the watch's process id in PAYDESK_KEYRING_WATCH_PID (tests check it ends).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [ -z "${PAYDESK_KEYRING_SESSION:-}" ]; then
  for tool in dbus-run-session dbus-daemon dbus-send gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "with-keyring: '$tool' is missing (Debian: apt-get install dbus gnome-keyring)" >&2
      exit 3
    fi
  done
  scratch="$(mktemp -d -t paydesk-keyring.XXXXXX)"
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/home" "$scratch/data" "$scratch/config" "$scratch/cache" "$scratch/runtime"
  chmod 700 "$scratch/runtime"
  # The standard session config minus its service folders (<standard_session_servicedirs/>,
  # <servicedir>) and the system's include files: nothing can be activated on demand, so a
  # call to a missing keyring fails at once instead of starting a locked one. The limits are the
  # session bus's own: without them the bus applies the system bus's, and a mutation run's
  # long-lived test processes reach its 256 connections.
  cat >"$scratch/session.conf" <<'CONF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
  <limit name="max_incoming_bytes">1000000000</limit>
  <limit name="max_outgoing_bytes">1000000000</limit>
  <limit name="max_message_size">1000000000</limit>
  <limit name="max_completed_connections">100000</limit>
  <limit name="max_incomplete_connections">10000</limit>
  <limit name="max_connections_per_user">100000</limit>
  <limit name="max_names_per_connection">50000</limit>
  <limit name="max_match_rules_per_connection">50000</limit>
  <limit name="max_replies_per_connection">50000</limit>
</busconfig>
CONF
  status=0
  # The package caches stay the user's: the install suite's fresh clone installs from npm's cache
  # and compiles through ccache's (scripts/setup-test-machine.sh filled both), not from empty ones.
  npm_cache="${npm_config_cache:-$(npm config get cache 2>/dev/null || echo "$HOME/.npm")}"
  compiler_cache="${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ccache}"
  npm_config_cache="$npm_cache" CCACHE_DIR="$compiler_cache" \
    HOME="$scratch/home" \
    XDG_DATA_HOME="$scratch/data" \
    XDG_CONFIG_HOME="$scratch/config" \
    XDG_CACHE_HOME="$scratch/cache" \
    XDG_RUNTIME_DIR="$scratch/runtime" \
    PAYDESK_KEYRING_SESSION=1 \
    dbus-run-session --config-file="$scratch/session.conf" -- bash "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the private D-Bus session. A non-empty password matters: with an empty one the
# daemon tries to show a graphical prompt and fails. The password only guards this
# throw-away keyring. Each daemon runs in the foreground, a child of this script: its process
# id goes in a list so it ends with the script, even one that never reached the bus (a daemon
# that forks away outlives a session that ends while it starts).
keyring_pids="$XDG_RUNTIME_DIR/keyring-pids"
keyring_env="$XDG_RUNTIME_DIR/keyring-env"
start_keyring() {
  printf 'paydesk-throwaway-keyring' |
    gnome-keyring-daemon --foreground --unlock --components=secrets "$@" >>"$keyring_env" &
  echo "$!" >>"$keyring_pids"
}

# Ends the watch and every keyring daemon started, and waits (2 s at most) until they are gone,
# so nothing writes into the scratch folder while it is deleted.
stop_all() {
  local pid tries=0
  [ -n "${watch_pid:-}" ] && kill "$watch_pid" 2>/dev/null
  [ -f "$keyring_pids" ] || return 0
  while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$keyring_pids"
  while read -r pid; do
    wait "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 20 ]; do
      tries=$((tries + 1))
      sleep 0.1
    done
  done <"$keyring_pids"
}
trap 'stop_all || true' EXIT

# Prints "true" or "false"; fails when the bus itself does not answer.
secrets_owned() {
  local reply
  reply="$(dbus-send --session --print-reply --reply-timeout=2000 --dest=org.freedesktop.DBus \
    / org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null)" || return 1
  case "$reply" in
    *"boolean true"*) echo true ;;
    *) echo false ;;
  esac
}

# Waits (10 s at most) until the keyring holds its bus name: the daemon takes it a moment after
# it returns, and with nothing activated on demand a keychain call in that moment would fail.
wait_for_keyring() {
  local tries=0
  until [ "$(secrets_owned || true)" = true ]; do
    tries=$((tries + 1))
    if [ "$tries" -gt 100 ]; then
      echo "with-keyring: gnome-keyring-daemon did not take org.freedesktop.secrets on the bus in 10 s" >&2
      return 1
    fi
    sleep 0.1
  done
}

# Every second: if the keyring has left the bus, start it again, unlocked (--replace ends a
# daemon still holding the control socket), and let it take its name before looking again.
# Ends with the script (a bus slow to answer is only skipped, not taken as gone).
watch_keyring() {
  local session_pid="$1" owned
  while sleep 1 </dev/null >/dev/null 2>&1 && kill -0 "$session_pid" 2>/dev/null; do
    owned="$(secrets_owned)" || continue
    if [ "$owned" = false ]; then
      echo "with-keyring: the keyring left the D-Bus session; starting it again, unlocked" >&2
      start_keyring --replace
      wait_for_keyring || true
    fi
  done
}

start_keyring
wait_for_keyring || exit 4
# Whatever the daemon tells its clients to set (nothing, these days, for secrets alone).
while IFS= read -r line; do
  case "$line" in
    *=*) export "${line?}" ;;
  esac
done <"$keyring_env"

watch_keyring "$$" </dev/null &
watch_pid=$!
export PAYDESK_KEYRING=1 PAYDESK_KEYRING_WATCH_PID="$watch_pid"
status=0
"$@" || status=$?
stop_all || true
exit "$status"
