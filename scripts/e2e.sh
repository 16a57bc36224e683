#!/usr/bin/env bash
# Starts real Kanisas (managed clusters in throwaway data dirs, demo content) on free ports,
# runs the apps' browser tests against them with Debian's Chromium, the postgrest-js
# compatibility suite (apps/compat) and the client's integration tests (apps/client), then stops
# them and checks that each shut down cleanly (exit 0, no postgres left behind).
#
# The browser test files run in KANISA_E2E_LANES lanes (4 by default). Each lane has a server,
# a cluster and a fake Daraja of its own and takes the next file from one queue when it is
# free, so two files running at the same time never share a server's data (a browser test mostly
# waits on the page: measured on 2 cores, all files alone took 418 s in three lanes and 381 s in
# four). The compatibility and client suites then
# run on lane 1's server. With KANISA_TEST_S3_ENDPOINT set (scripts/with-s3.sh, as `make test`
# runs it), lane 1's data is then served with files on that S3-compatible server and the
# storage-js suite runs again. Exits non-zero if any suite fails.
#
#   KANISA_E2E_SUITES   which suites: "browser compat client" (default) or a part of it
#   KANISA_E2E_FILES    only these browser test files (e.g. "e2e/giving.test.mjs")
#   KANISA_E2E_LANES    how many lanes the browser files share (default 4)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=${1:?usage: scripts/e2e.sh path/to/kanisa}
bin=$(realpath "$bin")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/kanisa-e2e.XXXXXX)
chmod 755 "$work"
suites=" ${KANISA_E2E_SUITES:-browser compat client} "
lanes=${KANISA_E2E_LANES:-4}
[[ $lanes =~ ^[1-9][0-9]*$ ]] || { echo "KANISA_E2E_LANES must be a positive number"; exit 2; }
[[ $suites == *" browser "* ]] || lanes=1

# Every lane's server is started with this environment, plus its own address, data dir and
# fake Daraja. A fixed signing secret (a test value, 40 characters) so that `keys` prints the
# keys every lane's server accepts.
server_env=(
  KANISA_APPS_DIR="$root/apps"
  KANISA_JWT_SECRET=kanisa-e2e-test-only-secret-000000000000
  # The suites sign in more often than 30 times in 5 minutes from one address; the limit
  # itself is tested in crates/kanisa-server/tests.
  KANISA_SIGNIN_LIMIT=0
  KANISA_ADMIN_EMAIL=admin@example.org KANISA_ADMIN_PASSWORD=e2e-admin-password
  # The server's payment provider is the fake M-Pesa Daraja (kanisa-fakes) of its lane.
  KANISA_PAYMENT_PROVIDER=mpesa
  KANISA_PAYMENT_CONSUMER_KEY=fake-key KANISA_PAYMENT_CONSUMER_SECRET=fake-secret
  KANISA_PAYMENT_SHORTCODE=174379 KANISA_PAYMENT_PASSKEY=fake-passkey
  KANISA_PAYMENT_CALLBACK_SECRET=e2e-callback-secret
  # The Settings test names "another disk" for the backups: a folder it makes under /tmp.
  KANISA_BACKUP_ROOTS=/tmp
)

# Per lane N: lane_dir[N] (data/, storage/, kanisa.log), lane_port[N], lane_pid[N] (the
# server), lane_fake[N] (its fake Daraja's URL) and lane_fake_pid[N].
declare -a lane_dir lane_port lane_pid lane_fake lane_fake_pid
for ((n = 1; n <= lanes; n++)); do
  lane_dir[n]="$work/lane$n"
  mkdir -p "${lane_dir[n]}"
  chmod 755 "${lane_dir[n]}"
  lane_port[n]=$(free_port)
  fake_port=$(free_port)
  "$(dirname "$bin")/fake-daraja" "$fake_port" >"${lane_dir[n]}/fake-daraja.log" 2>&1 &
  lane_fake_pid[n]=$!
  lane_fake[n]="http://127.0.0.1:$fake_port"
done
for ((n = 1; n <= lanes; n++)); do
  for _ in $(seq 300); do curl -sf "${lane_fake[n]}/__fake/collected" >/dev/null && break; sleep 0.1; done
done

# The fake mail server (kanisa-fakes) for the live-mail pass below; what the server sent can be
# read at $FAKE_MAIL_URL/__fake/mail. The main pass keeps e-mail in demo mode (the spec's demo
# banners are part of what it checks).
"$(dirname "$bin")/fake-mail" >"$work/fake-mail.log" 2>&1 &
mail_pid=$!
for _ in $(seq 300); do grep -q '^fake-mail smtp' "$work/fake-mail.log" && break; sleep 0.1; done
read -r _ _ mail_smtp _ mail_http <"$work/fake-mail.log"
# The fake SMS providers (kanisa-fakes) for the live-SMS pass below (phone sign-in); what the
# server texted can be read at $sms_url/__fake/sms.
"$(dirname "$bin")/fake-sms" >"$work/fake-sms.log" 2>&1 &
sms_pid=$!
for _ in $(seq 300); do grep -q '^fake-sms ' "$work/fake-sms.log" && break; sleep 0.1; done
read -r _ sms_url <"$work/fake-sms.log"

cleanup() {
  local n
  kill "${lane_fake_pid[@]}" "${mail_pid:-}" "${sms_pid:-}" 2>/dev/null || true
  for ((n = 1; n <= lanes; n++)); do
    if [ -n "${lane_pid[n]:-}" ] && kill -0 "${lane_pid[n]}" 2>/dev/null; then
      kill -INT "${lane_pid[n]}" 2>/dev/null || true
      wait "${lane_pid[n]}" 2>/dev/null || true
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

# lane_env N: the environment of lane N's server and of the tests that talk to it.
lane_env() {
  local n=$1
  echo "KANISA_DATA_DIR=${lane_dir[n]}/data" "KANISA_ADDR=127.0.0.1:${lane_port[n]}" \
    "KANISA_PAYMENT_BASE_URL=${lane_fake[n]}" "FAKE_DARAJA_URL=${lane_fake[n]}" \
    "KANISA_URL=http://127.0.0.1:${lane_port[n]}" "KANISA_LOG=${lane_dir[n]}/kanisa.log"
}

# start_server N [VAR=value...]: serves lane N's data dir with the extra environment.
start_server() {
  local n=$1
  shift
  # shellcheck disable=SC2046 # lane_env prints one word per variable
  env "${server_env[@]}" $(lane_env "$n") "$@" "$bin" serve >>"${lane_dir[n]}/kanisa.log" 2>&1 &
  lane_pid[n]=$!
}

# stop_server N: SIGINT, then a clean exit and no postgres left behind.
stop_server() {
  local n=$1
  kill -INT "${lane_pid[n]}"
  if ! wait "${lane_pid[n]}"; then
    echo "kanisa (lane $n) did not shut down cleanly:"; cat "${lane_dir[n]}/kanisa.log"; exit 1
  fi
  lane_pid[n]=
  if pgrep -f "${lane_dir[n]}/data/postgres" >/dev/null; then
    echo "postgres (lane $n) is still running after kanisa stopped"; exit 1
  fi
}

# suite NAME COMMAND...: runs a test command in apps/ against lane 1, its output shown and
# kept; a failing suite is named again at the very end with what failed, so the end of the log
# (all CI shows) says what failed and why.
failed_suites=()
suite() {
  local name=$1
  shift
  local code=0
  # shellcheck disable=SC2046
  (cd "$root/apps" && env $(lane_env 1) "$@") 2>&1 | tee "$work/suite-$name.log" || code=$?
  if [ "$code" -ne 0 ]; then failed_suites+=("$name"); fi
  return "$code"
}
print_failures() {
  local name
  [ -f "$work/failed-files" ] && while read -r name; do failed_suites+=("$name"); done <"$work/failed-files"
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

# Every lane's server, started side by side, then each made ready: the abuse limits lifted and
# the browser tests' accounts, one per role (apps/e2e/users.mjs), made through the admin API.
for ((n = 1; n <= lanes; n++)); do start_server "$n" KANISA_STORAGE_URL="file://${lane_dir[n]}/storage"; done
for ((n = 1; n <= lanes; n++)); do wait_healthy "${lane_port[n]}" "${lane_pid[n]}" "${lane_dir[n]}/kanisa.log"; done
# The API keys for that secret: lines "anon <jwt>" and "service_role <jwt>".
keys=$(env "${server_env[@]}" $(lane_env 1) "$bin" keys) || { echo "kanisa keys failed"; exit 1; }
KANISA_ANON_KEY=$(awk '$1 == "anon" { print $2 }' <<<"$keys")
KANISA_SERVICE_KEY=$(awk '$1 == "service_role" { print $2 }' <<<"$keys")
if [ -z "$KANISA_ANON_KEY" ] || [ -z "$KANISA_SERVICE_KEY" ]; then
  echo "kanisa keys printed no anon/service_role key:"; echo "$keys"; exit 1
fi
export KANISA_ANON_KEY KANISA_SERVICE_KEY
for ((n = 1; n <= lanes; n++)); do
  lift_submission_limits "http://127.0.0.1:${lane_port[n]}" "$KANISA_SERVICE_KEY"
  # shellcheck disable=SC2046
  (cd "$root/apps" && env $(lane_env "$n") node e2e/users.mjs) || { echo "creating the test accounts failed"; exit 1; }
done

# run_lane N: takes browser test files from the queue until it is empty, each against lane N's
# server; a file's output is printed whole once it has run (so two lanes never interleave
# lines), a failing file is recorded for the end.
queue="$work/queue"
next_file() {
  flock "$queue.lock" bash -c 'f=$(head -n 1 "$1") && [ -n "$f" ] && sed -i 1d "$1" && echo "$f"' _ "$queue"
}
run_lane() {
  local n=$1 file name code begun
  while file=$(next_file); do
    name="browser-$(basename "$file" .test.mjs)"
    code=0
    begun=$(date +%s)
    # shellcheck disable=SC2046
    (cd "$root/apps" && env $(lane_env "$n") node --test --test-reporter=spec "$file") \
      >"$work/suite-$name.log" 2>&1 || code=$?
    {
      flock 9
      echo "== $file (lane $n): exit $code in $(( $(date +%s) - begun )) s"
      cat "$work/suite-$name.log"
      [ "$code" -eq 0 ] || echo "$name" >>"$work/failed-files"
    } 9>"$work/output.lock"
  done
}

status=0
e2e_status=0
if [[ $suites == *" browser "* ]]; then
  if [ -n "${KANISA_E2E_FILES:-}" ]; then
    read -ra files <<<"$KANISA_E2E_FILES"
  else
    # The slower files first, so the last to start is a short one: by the seconds in
    # e2e/durations (from the "== file (lane N): exit 0 in S s" lines of a full run); a file
    # not listed there counts as a minute.
    mapfile -t files < <(cd "$root/apps" && for f in e2e/*.test.mjs; do
      echo "$(awk -v f="$f" '$1 == f { print $2 }' e2e/durations | grep . || echo 60) $f"
    done | sort -k1,1nr -k2,2 | cut -d' ' -f2)
  fi
  printf '%s\n' "${files[@]}" >"$queue"
  # The browser every file runs in, named in the log beside the results (issue 41).
  echo "browser: $("${CHROMIUM_PATH:-/usr/bin/chromium}" --version 2>/dev/null || echo "no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}")"
  started=$(date +%s)
  lane_jobs=()
  for ((n = 1; n <= lanes; n++)); do
    run_lane "$n" &
    lane_jobs+=($!)
  done
  wait "${lane_jobs[@]}"
  if [ -s "$work/failed-files" ]; then e2e_status=1; fi
  tests=$(cat "$work"/suite-browser-*.log | awk '/^ℹ tests / { t += $3 } END { print t + 0 }')
  failed=$(cat "$work"/suite-browser-*.log | awk '/^ℹ fail / { f += $3 } END { print f + 0 }')
  echo "browser tests: ${#files[@]} files, $tests tests, $failed failed, in $lanes lanes, $(( $(date +%s) - started )) s"
fi
compat_status=0
# The main compat pass, without compat/live-sms.mjs (the live-SMS pass below runs it).
main_compat=${KANISA_COMPAT_FILES:-}
main_compat=${main_compat//compat\/live-sms.mjs/}
if [[ $suites == *" compat "* ]] && { [ -z "${KANISA_COMPAT_FILES:-}" ] || [ -n "${main_compat// /}" ]; }; then
  suite compat env KANISA_COMPAT_FILES="$main_compat" npm run --silent compat || compat_status=$?
fi
client_status=0
[[ $suites == *" client "* ]] && { suite client npm run --silent test:client-integration || client_status=$?; }
echo "browser tests: exit $e2e_status; postgrest-js compatibility: exit $compat_status; client: exit $client_status"
# No payment credential in any log line (the fake's account, set above).
for ((n = 1; n <= lanes; n++)); do
  for secret in fake-key fake-secret fake-passkey e2e-callback-secret; do
    if grep -q -- "$secret" "${lane_dir[n]}/kanisa.log"; then
      echo "the server log (lane $n) shows a payment credential ($secret)"; status=1
    fi
  done
done
if [ "$e2e_status" -ne 0 ]; then status=$e2e_status; fi
if [ "$compat_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$compat_status; fi
if [ "$client_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$client_status; fi

for ((n = 1; n <= lanes; n++)); do stop_server "$n"; done

# The live-mail pass: lane 1's data, e-mail now going to the fake mail server; the staff's
# reply and a Send Message by e-mail must arrive there (e2e/live-mail.mjs, not in the main pass).
if [[ $suites == *" browser "* ]] && [ -z "${KANISA_E2E_FILES:-}" ]; then
  echo "== live mail: the back office's e-mail through a mail server"
  start_server 1 KANISA_STORAGE_URL="file://${lane_dir[1]}/storage" \
    KANISA_SMTP_URL="smtp://$mail_smtp?tls=none" KANISA_SMTP_FROM="Kanisa <church@church.test>"
  wait_healthy "${lane_port[1]}" "${lane_pid[1]}" "${lane_dir[1]}/kanisa.log"
  mail_status=0
  suite live-mail env FAKE_MAIL_URL="$mail_http" node --test --test-reporter=spec e2e/live-mail.mjs || mail_status=$?
  echo "live mail: exit $mail_status"
  if [ "$mail_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$mail_status; fi
  stop_server 1
fi

# The live-SMS pass: lane 1 again, its SMS provider now the fake Africa's Talking; the official
# supabase-js signs members in by phone (compat/live-sms.mjs, not in the main compat pass).
if [[ $suites == *" compat "* ]] && { [ -z "${KANISA_COMPAT_FILES:-}" ] || [[ $KANISA_COMPAT_FILES == *live-sms* ]]; }; then
  echo "== live SMS: phone sign-in through an SMS provider"
  start_server 1 KANISA_STORAGE_URL="file://${lane_dir[1]}/storage" \
    KANISA_SMS_PROVIDER=africastalking KANISA_SMS_USERNAME=sandbox \
    KANISA_SMS_API_KEY=fake-sms-key KANISA_SMS_BASE_URL="$sms_url"
  wait_healthy "${lane_port[1]}" "${lane_pid[1]}" "${lane_dir[1]}/kanisa.log"
  sms_status=0
  suite live-sms env FAKE_SMS_URL="$sms_url" node --test --test-reporter=spec compat/live-sms.mjs || sms_status=$?
  echo "live SMS: exit $sms_status"
  if [ "$sms_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$sms_status; fi
  if grep -q -- fake-sms-key "${lane_dir[1]}/kanisa.log"; then
    echo "the server log (lane 1) shows the SMS API key"; status=1
  fi
  stop_server 1
fi

if [ -n "${KANISA_TEST_S3_ENDPOINT:-}" ] && [[ $suites == *" compat "* ]]; then
  echo "== the storage-js suite again, with the files on S3 ($KANISA_TEST_S3_ENDPOINT)"
  start_server 1 KANISA_STORAGE_URL="s3://${KANISA_TEST_S3_BUCKET:-kanisa-test}/e2e" \
    AWS_ENDPOINT_URL="$KANISA_TEST_S3_ENDPOINT" AWS_REGION=us-east-1 \
    AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
  wait_healthy "${lane_port[1]}" "${lane_pid[1]}" "${lane_dir[1]}/kanisa.log"
  s3_status=0
  suite storage-on-s3 node --test --test-reporter=spec compat/storage.test.mjs || s3_status=$?
  echo "storage-js on S3: exit $s3_status"
  if [ "$s3_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$s3_status; fi
  stop_server 1
else
  echo "KANISA_TEST_S3_ENDPOINT is not set: the S3 pass of the storage suite did not run" \
    "(make test sets it through scripts/with-s3.sh)"
fi
print_failures
exit $status
