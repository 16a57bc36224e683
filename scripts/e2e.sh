#!/usr/bin/env bash
# Starts a real Kanisa (managed cluster in a throwaway data dir, demo content) on a free port,
# runs the apps' browser tests against it with Debian's Chromium, the postgrest-js
# compatibility suite (apps/compat) and the client's integration tests (apps/client), then stops
# it and checks that it shut down cleanly (exit 0, no postgres left behind). With
# KANISA_TEST_S3_ENDPOINT set (scripts/with-s3.sh, as `make test` runs it), it then serves the
# same data with files on that S3-compatible server and runs the storage-js suite again.
# Exits non-zero if any suite fails.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=${1:?usage: scripts/e2e.sh path/to/kanisa}
bin=$(realpath "$bin")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/kanisa-e2e.XXXXXX)
chmod 755 "$work"
port=$(free_port)
log="$work/kanisa.log"
# The browser tests that look for secrets in the server's log read it here.
export KANISA_LOG="$log"
# The server's environment, shared by `serve` and `keys`. A fixed signing secret (a test value,
# 40 characters) so that `keys` prints the keys that server accepts.
server_env=(
  KANISA_DATA_DIR="$work/data" KANISA_APPS_DIR="$root/apps" KANISA_ADDR="127.0.0.1:$port"
  KANISA_JWT_SECRET=kanisa-e2e-test-only-secret-000000000000
  # The suites sign in more often than 30 times in 5 minutes from one address; the limit
  # itself is tested in crates/kanisa-server/tests.
  KANISA_SIGNIN_LIMIT=0
)

# The fake M-Pesa Daraja (kanisa-fakes, built next to kanisa): the server's payment provider.
fake_port=$(free_port)
"$(dirname "$bin")/fake-daraja" "$fake_port" >"$work/fake-daraja.log" 2>&1 &
fake_pid=$!
export FAKE_DARAJA_URL="http://127.0.0.1:$fake_port"
for _ in $(seq 50); do curl -sf "$FAKE_DARAJA_URL/__fake/collected" >/dev/null && break; sleep 0.1; done
server_env+=(
  KANISA_PAYMENT_PROVIDER=mpesa KANISA_PAYMENT_BASE_URL="$FAKE_DARAJA_URL"
  KANISA_PAYMENT_CONSUMER_KEY=fake-key KANISA_PAYMENT_CONSUMER_SECRET=fake-secret
  KANISA_PAYMENT_SHORTCODE=174379 KANISA_PAYMENT_PASSKEY=fake-passkey
  KANISA_PAYMENT_CALLBACK_SECRET=e2e-callback-secret
)

# The fake mail server (kanisa-fakes) for the live-mail pass below; what the server sent can be
# read at $FAKE_MAIL_URL/__fake/mail. The main pass keeps e-mail in demo mode (the spec's demo
# banners are part of what it checks).
"$(dirname "$bin")/fake-mail" >"$work/fake-mail.log" 2>&1 &
mail_pid=$!
for _ in $(seq 50); do grep -q '^fake-mail smtp' "$work/fake-mail.log" && break; sleep 0.1; done
read -r _ _ mail_smtp _ mail_http <"$work/fake-mail.log"

cleanup() {
  kill "${fake_pid:-}" "${mail_pid:-}" 2>/dev/null || true
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# start_server [VAR=value...]: serves the throwaway data dir with the extra environment.
start_server() {
  env "${server_env[@]}" KANISA_ADMIN_EMAIL=admin@example.org KANISA_ADMIN_PASSWORD=e2e-admin-password \
    "$@" "$bin" serve >>"$log" 2>&1 &
  pid=$!
  wait_healthy "$port" "$pid" "$log"
}

# stop_server: SIGINT, then a clean exit and no postgres left behind.
stop_server() {
  kill -INT "$pid"
  if ! wait "$pid"; then echo "kanisa did not shut down cleanly:"; cat "$log"; exit 1; fi
  pid=
  if pgrep -f "$work/data/postgres" >/dev/null; then
    echo "postgres is still running after kanisa stopped"; exit 1
  fi
}

# suite NAME COMMAND...: runs a test command in apps/, its output shown and kept; a failing
# suite's "failing tests" section (node's spec reporter) is printed again at the very end, so
# the end of the log (all CI shows) says what failed and why.
failed_suites=()
suite() {
  local name=$1
  shift
  local code=0
  (cd "$root/apps" && "$@") 2>&1 | tee "$work/suite-$name.log" || code=$?
  if [ "$code" -ne 0 ]; then failed_suites+=("$name"); fi
  return "$code"
}
print_failures() {
  local name
  for name in "${failed_suites[@]}"; do
    echo "== what failed in $name"
    # From the reporter's summary of failures to the end; the last 60 lines if there is none.
    if grep -q '^✖ failing tests:' "$work/suite-$name.log"; then
      sed -n '/^✖ failing tests:/,$p' "$work/suite-$name.log" | grep -v -E '^ *at (.*\()?node:' | head -n 400
    else
      tail -n 60 "$work/suite-$name.log"
    fi
  done
}

start_server KANISA_STORAGE_URL="file://$work/storage"

# The API keys for that secret: lines "anon <jwt>" and "service_role <jwt>".
keys=$(env "${server_env[@]}" "$bin" keys) || { echo "kanisa keys failed"; exit 1; }
KANISA_ANON_KEY=$(awk '$1 == "anon" { print $2 }' <<<"$keys")
KANISA_SERVICE_KEY=$(awk '$1 == "service_role" { print $2 }' <<<"$keys")
if [ -z "$KANISA_ANON_KEY" ] || [ -z "$KANISA_SERVICE_KEY" ]; then
  echo "kanisa keys printed no anon/service_role key:"; echo "$keys"; exit 1
fi
export KANISA_URL="http://127.0.0.1:$port" KANISA_ANON_KEY KANISA_SERVICE_KEY
lift_submission_limits "$KANISA_URL" "$KANISA_SERVICE_KEY"
# The browser tests' accounts, one per role (apps/e2e/users.mjs), through the admin API.
(cd "$root/apps" && node e2e/users.mjs) || { echo "creating the test accounts failed"; exit 1; }

# KANISA_E2E_SUITES (e.g. "compat") runs only some of the suites: browser, compat, client.
suites=" ${KANISA_E2E_SUITES:-browser compat client} "
status=0
e2e_status=0
# KANISA_E2E_FILES (e.g. "e2e/giving.test.mjs") runs only those browser test files.
if [[ $suites == *" browser "* ]]; then
  if [ -n "${KANISA_E2E_FILES:-}" ]; then
    # shellcheck disable=SC2086 # a list of files
    suite browser node --test --test-reporter=spec --test-concurrency=1 $KANISA_E2E_FILES || e2e_status=$?
  else
    suite browser npm run --silent e2e || e2e_status=$?
  fi
fi
compat_status=0
[[ $suites == *" compat "* ]] && { suite compat npm run --silent compat || compat_status=$?; }
client_status=0
[[ $suites == *" client "* ]] && { suite client npm run --silent test:client-integration || client_status=$?; }
echo "browser tests: exit $e2e_status; postgrest-js compatibility: exit $compat_status; client: exit $client_status"
# No payment credential in any log line (the fake's account, set above).
for secret in fake-key fake-secret fake-passkey e2e-callback-secret; do
  if grep -q -- "$secret" "$log"; then echo "the server log shows a payment credential ($secret)"; status=1; fi
done
if [ "$e2e_status" -ne 0 ]; then status=$e2e_status; fi
if [ "$compat_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$compat_status; fi
if [ "$client_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$client_status; fi

stop_server

# The live-mail pass: the same data, e-mail now going to the fake mail server; the staff's
# reply and a Send Message by e-mail must arrive there (e2e/live-mail.mjs, not in the main pass).
if [[ $suites == *" browser "* ]] && [ -z "${KANISA_E2E_FILES:-}" ]; then
  echo "== live mail: the back office's e-mail through a mail server"
  start_server KANISA_STORAGE_URL="file://$work/storage" \
    KANISA_SMTP_URL="smtp://$mail_smtp?tls=none" KANISA_SMTP_FROM="Kanisa <church@church.test>"
  mail_status=0
  suite live-mail env FAKE_MAIL_URL="$mail_http" node --test --test-reporter=spec e2e/live-mail.mjs || mail_status=$?
  echo "live mail: exit $mail_status"
  if [ "$mail_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$mail_status; fi
  stop_server
fi

if [ -n "${KANISA_TEST_S3_ENDPOINT:-}" ] && [[ $suites == *" compat "* ]]; then
  echo "== the storage-js suite again, with the files on S3 ($KANISA_TEST_S3_ENDPOINT)"
  start_server KANISA_STORAGE_URL="s3://${KANISA_TEST_S3_BUCKET:-kanisa-test}/e2e" \
    AWS_ENDPOINT_URL="$KANISA_TEST_S3_ENDPOINT" AWS_REGION=us-east-1 \
    AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
  s3_status=0
  suite storage-on-s3 node --test --test-reporter=spec compat/storage.test.mjs || s3_status=$?
  echo "storage-js on S3: exit $s3_status"
  if [ "$s3_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$s3_status; fi
  stop_server
else
  echo "KANISA_TEST_S3_ENDPOINT is not set: the S3 pass of the storage suite did not run" \
    "(make test sets it through scripts/with-s3.sh)"
fi
print_failures
exit $status
