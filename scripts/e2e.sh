#!/usr/bin/env bash
# Starts a real Kanisa (managed cluster in a throwaway data dir, demo content) on a free port,
# runs the apps' browser tests against it with Debian's Chromium, then stops it and checks that
# it shut down cleanly (exit 0, no postgres left behind).
set -euo pipefail
bin=${1:?usage: scripts/e2e.sh path/to/kanisa}
bin=$(realpath "$bin")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/kanisa-e2e.XXXXXX)
chmod 755 "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log="$work/kanisa.log"

cleanup() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

KANISA_DATA_DIR="$work/data" KANISA_APPS_DIR="$root/apps" KANISA_ADDR="127.0.0.1:$port" \
  KANISA_ADMIN_EMAIL=admin@example.org KANISA_ADMIN_PASSWORD=e2e-admin-password \
  "$bin" serve >"$log" 2>&1 &
pid=$!

for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "kanisa exited early:"; cat "$log"; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/health" || { echo "kanisa never became healthy:"; cat "$log"; exit 1; }
echo

status=0
(cd "$root/apps" && KANISA_URL="http://127.0.0.1:$port" npm run --silent e2e) || status=$?

kill -INT "$pid"
if ! wait "$pid"; then echo "kanisa did not shut down cleanly:"; cat "$log"; exit 1; fi
pid=
if pgrep -f "$work/data/postgres" >/dev/null; then
  echo "postgres is still running after kanisa stopped"; exit 1
fi
exit $status
