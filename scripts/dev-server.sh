#!/usr/bin/env bash
# A throwaway Kanisa for working on the apps and their browser tests: a fresh managed cluster
# with demo content and the e2e test accounts (apps/e2e/users.mjs), on the given port, serving
# apps/*/dist. Prints the environment the browser tests read and writes it to
# /tmp/kanisa-dev-<port>.env; runs in the foreground until interrupted (Ctrl-C, or `kill` — a
# background job ignores SIGINT), then stops the server and deletes its data.
#
#   scripts/dev-server.sh [port] [path/to/kanisa]      (default 8090, target/debug/kanisa)
#   source /tmp/kanisa-dev-8090.env && cd apps && node --test e2e/public-shell.test.mjs
set -euo pipefail
source "$(dirname "$0")/lib.sh"
port=${1:-8090}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${2:-${KANISA_BIN:-$root/target/debug/kanisa}}")
work=$(mktemp -d /tmp/kanisa-dev.XXXXXX)
chmod 755 "$work"
env_file=/tmp/kanisa-dev-$port.env
server_env=(
  KANISA_DATA_DIR="$work/data" KANISA_APPS_DIR="${KANISA_APPS_DIR:-$root/apps}" KANISA_ADDR="127.0.0.1:$port"
  KANISA_JWT_SECRET=kanisa-e2e-test-only-secret-000000000000 KANISA_STORAGE_URL="file://$work/storage"
  KANISA_ADMIN_EMAIL=admin@example.org KANISA_ADMIN_PASSWORD=e2e-admin-password KANISA_SIGNIN_LIMIT=0
)
cleanup() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then kill -INT "$pid"; wait "$pid" || true; fi
  rm -rf "$work" "$env_file"
}
trap cleanup EXIT INT TERM
env "${server_env[@]}" "$bin" serve >"$work/kanisa.log" 2>&1 &
pid=$!
wait_healthy "$port" "$pid" "$work/kanisa.log"
keys=$(env "${server_env[@]}" "$bin" keys)
anon=$(awk '$1 == "anon" { print $2 }' <<<"$keys")
service=$(awk '$1 == "service_role" { print $2 }' <<<"$keys")
printf 'export KANISA_URL=http://127.0.0.1:%s\nexport KANISA_ANON_KEY=%s\nexport KANISA_SERVICE_KEY=%s\n' \
  "$port" "$anon" "$service" >"$env_file"
(cd "$root/apps" && KANISA_URL="http://127.0.0.1:$port" KANISA_SERVICE_KEY="$service" node e2e/users.mjs)
lift_submission_limits "http://127.0.0.1:$port" "$service"
echo "Kanisa on http://127.0.0.1:$port (log: $work/kanisa.log); environment in $env_file"
wait "$pid"
