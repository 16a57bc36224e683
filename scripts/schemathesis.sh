#!/usr/bin/env bash
# Schemathesis (PyPI, pinned, installed once into a virtualenv cached outside the clone) against
# the table API's own OpenAPI document (GET /rest/v1/), as anon and as the service key, on a
# throwaway server (managed cluster in a temporary data dir, demo content, free port). Only the
# checks the API promises: no 5xx from client input, and status codes, content types and bodies
# as the document describes them. Bounded: a few examples per operation and a time budget per
# role (SCHEMATHESIS_MAX_EXAMPLES, SCHEMATHESIS_MAX_TIME seconds). Exits non-zero on any failure.
#
# usage: scripts/schemathesis.sh path/to/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=${1:?usage: scripts/schemathesis.sh path/to/kanisa}
bin=$(realpath "$bin")
version=4.32.5
venv=${KANISA_TOOLS_CACHE:-/var/cache/kanisa}/venv-schemathesis
installed=$("$venv/bin/pip" show schemathesis 2>/dev/null | awk '/^Version:/ { print $2 }' || true)
if [ "$installed" != "$version" ]; then
  echo "installing schemathesis $version from PyPI into $venv (once)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "schemathesis==$version"
fi
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-5}
max_time=${SCHEMATHESIS_MAX_TIME:-60}

work=$(mktemp -d /tmp/kanisa-schemathesis.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/apps"
port=$(free_port)
log="$work/kanisa.log"
server_env=(
  KANISA_DATA_DIR="$work/data" KANISA_APPS_DIR="$work/apps" KANISA_ADDR="127.0.0.1:$port"
  KANISA_STORAGE_URL="file://$work/storage"
  KANISA_JWT_SECRET=kanisa-schemathesis-test-only-secret-0000
  KANISA_ADMIN_EMAIL=admin@example.org KANISA_ADMIN_PASSWORD=schemathesis-admin-password
)
cleanup() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

env "${server_env[@]}" "$bin" serve >>"$log" 2>&1 &
pid=$!
wait_healthy "$port" "$pid" "$log"
keys=$(env "${server_env[@]}" "$bin" keys) || { echo "kanisa keys failed"; exit 1; }
anon_key=$(awk '$1 == "anon" { print $2 }' <<<"$keys")
service_key=$(awk '$1 == "service_role" { print $2 }' <<<"$keys")
if [ -z "$anon_key" ] || [ -z "$service_key" ]; then
  echo "kanisa keys printed no anon/service_role key:"; echo "$keys"; exit 1
fi
# Thousands of generated inserts come from 127.0.0.1: without this they would mostly test the
# abuse limit (429, documented) instead of the table API.
lift_submission_limits "http://127.0.0.1:$port" "$service_key"

# run ROLE KEY: one bounded run with the key as both apikey and bearer (as supabase-js sends it).
run() {
  local role=$1 key=$2 started status=0
  started=$(date +%s)
  echo "== schemathesis as $role (at most $max_examples examples per operation, ${max_time}s)"
  # One worker: with two, hypothesis parses lambda sources (ast.parse) in two threads at once,
  # which Python 3.11 can fail with "AST constructor recursion depth mismatch" — a crash of
  # the tool, not a finding about the API (seen twice in CI).
  # The document's server is relative (/rest/v1) or KANISA_PUBLIC_URL, never the Host asked
  # with: the base URL is given here, so requests go to this throwaway server whatever it says.
  (cd "$work" && "$venv/bin/schemathesis" run "http://127.0.0.1:$port/rest/v1/" \
    --url "http://127.0.0.1:$port/rest/v1" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-examples "$max_examples" --max-time "$max_time" --seed 13 --workers 1 \
    --request-timeout 10 --suppress-health-check all --warnings off \
    -H "apikey: $key" -H "Authorization: Bearer $key") || status=$?
  echo "schemathesis as $role: exit $status in $(($(date +%s) - started))s"
  return $status
}

anon_status=0
service_status=0
run anon "$anon_key" || anon_status=$?
run service_role "$service_key" || service_status=$?
if [ "$anon_status" -ne 0 ] || [ "$service_status" -ne 0 ]; then
  echo "schemathesis found failures (anon: exit $anon_status, service_role: exit $service_status);" \
    "the server's log:"
  grep -E 'ERROR|panicked' "$log" | tail -20 || true
  exit 1
fi
echo "schemathesis: no failures"
