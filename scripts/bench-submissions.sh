#!/usr/bin/env bash
# Figures of the public submissions (measurements, never assertions), on a release build with
# the managed cluster and demo content on a throwaway data dir:
#
#   (s) anonymous requests stored and queued per second: POST /functions/v1/submit-request (a
#       general request, no attachment) at BENCH_CONNECTIONS (64) for BENCH_DURATION (15 s),
#       each request from its own client address through the trusted loopback proxy (many
#       visitors), with the job workers off so only storing and queueing is measured; then a
#       check that every accepted submission is stored with its delivery job queued.
#   (m) the workers draining 1,000 queued staff e-mails into a local SMTP sink
#       (scripts/bench/smtp_sink.py): time from the server's start to the last job done, and
#       the sink's count of messages and distinct Message-IDs (none twice).
#
# usage: scripts/bench-submissions.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-submissions.sh path/to/release/kanisa}")
here=$(cd "$(dirname "$0")" && pwd)
duration=${BENCH_DURATION:-15}
conns=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}
drain_workers=${BENCH_JOB_WORKERS:-8}  # the product default (KANISA_JOB_WORKERS)
command -v wrk >/dev/null || {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
}

work=$(mktemp -d /tmp/kanisa-bench-submit.XXXXXX)
chmod 755 "$work"
data="$work/data"
log="$work/kanisa.log"
export KANISA_JWT_SECRET=kanisa-bench-secret-0123456789abcdefghij
pid=
sink=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -INT "$pid"; wait "$pid" 2>/dev/null || true; fi
  if [ -n "$sink" ] && kill -0 "$sink" 2>/dev/null; then kill -TERM "$sink"; wait "$sink" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
read -r _ anon_key < <("$bin" keys | grep '^anon ')

start() { # extra environment...
  port=$(free_port)
  env KANISA_DATA_DIR="$data" KANISA_ADDR="127.0.0.1:$port" KANISA_TRUSTED_PROXIES=127.0.0.1 \
    RUST_LOG=warn "$@" "$bin" serve >>"$log" 2>&1 &
  pid=$!
  wait_healthy "$port" "$pid" "$log"
  sock=$(sed -n 5p "$data/postgres/postmaster.pid")
}
stop() {
  kill -INT "$pid"
  wait "$pid" || { echo "kanisa did not shut down cleanly:"; tail -20 "$log"; exit 1; }
  pid=
}
pg_bin=${KANISA_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
psql() { "$pg_bin/psql" -X -q -tA -h "$sock" -U postgres -d kanisa -v ON_ERROR_STOP=1 "$@"; }

# --- (s) submissions stored and queued --------------------------------------------------------
start KANISA_JOB_WORKERS=0
url="http://127.0.0.1:$port/functions/v1/submit-request"
body='{"category":"general","anonymous":true,"subject":"Bench submission","message":"Please pray for our family this week."}'
status=$(curl -sS -o "$work/probe" -w '%{http_code}' -H "apikey: $anon_key" \
  -H 'Content-Type: application/json' --data "$body" "$url")
[ "$status" = 201 ] || { echo "a submission answers $status: $(cat "$work/probe")"; exit 1; }
echo "== (s) anonymous submissions: $conns connections, $threads wrk threads, 2 s warm-up + ${duration} s"
BENCH_BODY=$body wrk -t "$threads" -c "$conns" -d 2s -s "$here/bench/submit.lua" \
  -H "apikey: $anon_key" -H 'Content-Type: application/json' "$url" >/dev/null
out=$(BENCH_BODY=$body wrk -t "$threads" -c "$conns" -d "${duration}s" --timeout 5s \
  -s "$here/bench/submit.lua" -H "apikey: $anon_key" -H 'Content-Type: application/json' "$url")
line=$(grep '^BENCH ' <<<"$out")
declare -A f=()
for kv in $line; do [[ $kv == *=* ]] && f[${kv%%=*}]=${kv#*=}; done
errors=$(( f[status] + f[connect] + f[read] + f[write] + f[timeout] ))
sleep 1 # requests wrk gave up on at the end may still be finishing
read -r stored queued < <(psql -F ' ' -c "SELECT (SELECT count(*) FROM public.messages \
  WHERE subject = 'Bench submission'), (SELECT count(*) FROM kanisa.jobs WHERE kind = 'notify_submission' \
  AND state = 'queued' AND payload ->> 'table' = 'messages' AND payload ->> 'id' IN \
  (SELECT id::text FROM public.messages WHERE subject = 'Bench submission'))")
awk -v req="${f[requests]}" -v dur="${f[duration_us]}" -v p50="${f[p50_us]}" -v p99="${f[p99_us]}" \
    -v errs="$errors" -v stored="$stored" -v queued="$queued" 'BEGIN {
  rps = req / (dur / 1e6)
  printf "   %.0f submissions/s (target >= 1500: %s), p50 %.1f ms, p99 %.1f ms, %d errors\n",
    rps, (rps >= 1500 ? "met" : "NOT met"), p50 / 1000, p99 / 1000, errs
  printf "   stored %d messages (warm-up and probe included), %d with their e-mail queued%s\n",
    stored, queued, (stored == queued ? "" : "  <-- MISMATCH")
}'

# Keep exactly 1,000 queued staff e-mails for (m).
psql -c "DELETE FROM kanisa.jobs WHERE id NOT IN (SELECT id FROM kanisa.jobs WHERE kind = 'notify_submission' \
  AND state = 'queued' ORDER BY id LIMIT 1000)" >/dev/null
left=$(psql -c "SELECT count(*) FROM kanisa.jobs WHERE kind = 'notify_submission' AND state = 'queued'")
stop

# --- (m) draining 1,000 e-mails into a local SMTP sink ------------------------------------------
sink_port=$(free_port)
python3 "$here/bench/smtp_sink.py" "$sink_port" >"$work/sink.out" 2>&1 &
sink=$!
sleep 0.5
echo "== (m) draining $left queued e-mails with $drain_workers workers into a local SMTP sink"
t0=$(date +%s.%N)
start KANISA_JOB_WORKERS="$drain_workers" KANISA_SMTP_URL="smtp://127.0.0.1:$sink_port?tls=none" \
  KANISA_SMTP_FROM="Kanisa Bench <bench@example.org>"
t_healthy=$(date +%s.%N)
for _ in $(seq 1 1200); do
  pending=$(psql -c "SELECT count(*) FROM kanisa.jobs WHERE kind = 'notify_submission' AND state IN ('queued', 'running')")
  [ "$pending" = 0 ] && break
  sleep 0.1
done
t1=$(date +%s.%N)
failed=$(psql -c "SELECT count(*) FROM kanisa.jobs WHERE kind = 'notify_submission' AND state = 'failed'")
done_count=$(psql -c "SELECT count(*) FROM kanisa.jobs WHERE kind = 'notify_submission' AND state = 'done'")
stop
kill -TERM "$sink"; wait "$sink" || true; sink=
read -r messages unique < <(sed -nE 's/^SINK messages=([0-9]+) unique=([0-9]+)/\1 \2/p' "$work/sink.out")
awk -v t0="$t0" -v th="$t_healthy" -v t1="$t1" -v n="$done_count" -v failed="$failed" \
    -v pending="$pending" -v m="$messages" -v u="$unique" 'BEGIN {
  total = t1 - t0
  printf "   %d done, %d failed, %d still pending in %.1f s from start (%.1f s after healthy) = %.0f e-mails/s (target <= 20 s: %s)\n",
    n, failed, pending, total, t1 - th, n / (t1 - th), (total <= 20 && pending == 0 ? "met" : "NOT met")
  printf "   the sink received %d messages, %d distinct Message-IDs%s\n", m, u, (m == u ? " (none twice)" : "  <-- DUPLICATES")
}'
