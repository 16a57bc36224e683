#!/usr/bin/env bash
# Figures of realtime (measurements, never assertions), on a release build with the managed
# cluster and demo content on a throwaway data dir, driven over 127.0.0.1 by the example
# crates/kanisa-realtime/examples/bench_sockets.rs (see its doc for the phases):
#
#   - RSS of the server with BENCH_RT_SUBSCRIBERS (1,000) and BENCH_RT_IDLE (10,000) idle
#     sockets, and the server's and the cluster's CPU over BENCH_RT_CPU_SECONDS (30) while they
#     idle (heartbeats every 25 s, as realtime-js sends them);
#   - change-to-delivery p50/p95/p99 of BENCH_RT_CHANGES (200) published sermons, one every
#     BENCH_RT_SPACING_MS (50), to every subscriber, spread over BENCH_RT_GROUPS (10) claim
#     groups (anon and signed-in users with live sessions);
#   - the policy checks' cost per change, from the server's own account of each batch
#     (`realtime batch delivered`, kanisa_realtime::hub at debug).
#
# usage: scripts/bench-realtime.sh path/to/release/kanisa path/to/release/examples/bench_sockets
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-realtime.sh KANISA BENCH_SOCKETS}")
driver=$(realpath "${2:?usage: scripts/bench-realtime.sh KANISA BENCH_SOCKETS}")
subscribers=${BENCH_RT_SUBSCRIBERS:-1000}
idle=${BENCH_RT_IDLE:-10000}
# Each socket is a file in the driver and one in the server: each needs room for all of them.
hard=$(ulimit -Hn)
want=$(( idle + 2048 ))
if [ "$hard" != unlimited ] && [ "$hard" -lt "$want" ]; then
  echo "   the open-file limit is $hard: $idle sockets need $want; BENCH_RT_IDLE lowered to $(( hard - 2048 ))"
  idle=$(( hard - 2048 )); want=$hard
fi
ulimit -n "$want"

work=$(mktemp -d /tmp/kanisa-bench-realtime.XXXXXX)
chmod 755 "$work"
data="$work/data"
log="$work/kanisa.log"
export KANISA_JWT_SECRET=kanisa-bench-secret-0123456789abcdefghij
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -INT "$pid"; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
read -r _ anon_key < <("$bin" keys | grep '^anon ')

port=$(free_port)
# One client address holds every socket here: its limits are lifted to the bench's size.
many=$(( idle + 1000 ))
env KANISA_DATA_DIR="$data" KANISA_ADDR="127.0.0.1:$port" KANISA_LOG_FORMAT=json \
  RUST_LOG=warn,kanisa_realtime::hub=debug KANISA_MAX_CONNECTIONS="$many" \
  KANISA_MAX_CONNECTIONS_PER_CLIENT="$many" KANISA_REALTIME_SOCKETS_PER_CLIENT="$many" \
  KANISA_JOB_WORKERS=0 "$bin" serve >>"$log" 2>&1 &
pid=$!
wait_healthy "$port" "$pid" "$log"
sock=$(sed -n 5p "$data/postgres/postmaster.pid")
pg_port=$(sed -n 4p "$data/postgres/postmaster.pid")
postmaster=$(sed -n 1p "$data/postgres/postmaster.pid")
sleep 2 # the start's own work (first schedule runs) settles

echo "== realtime: $subscribers subscribers in ${BENCH_RT_GROUPS:-10} claim groups, then $idle idle sockets (job workers off)"
"$driver" --url "ws://127.0.0.1:$port/realtime/v1/websocket" --apikey "$anon_key" \
  --secret "$KANISA_JWT_SECRET" --db "host=$sock port=$pg_port user=postgres dbname=kanisa" \
  --pid "$pid" --postmaster "$postmaster" --subscribers "$subscribers" --idle "$idle" \
  --groups "${BENCH_RT_GROUPS:-10}" --changes "${BENCH_RT_CHANGES:-200}" \
  --spacing-ms "${BENCH_RT_SPACING_MS:-50}" --cpu-seconds "${BENCH_RT_CPU_SECONDS:-30}"

python3 - "$log" <<'PY'
import json, sys
batches = []
for line in open(sys.argv[1]):
    try:
        event = json.loads(line)
    except ValueError:
        continue
    f = event.get("fields", {})
    if f.get("message") == "realtime batch delivered":
        batches.append(f)
rows = sum(int(b["rows"]) for b in batches)
if not rows:
    sys.exit("the server logged no realtime batch")
checks = sum(int(b["checks"]) for b in batches)
check = sorted(int(b["check_us"]) / int(b["rows"]) for b in batches)
fanout = sorted(int(b["fanout_us"]) / int(b["rows"]) for b in batches)
def pct(xs, p):
    return xs[max(0, min(len(xs) - 1, int(len(xs) * p + 0.999) - 1))] / 1000
print("== policy checks per change: %.1f checks (one per claim group) for %d bindings; "
      "check p50 %.2f ms, p95 %.2f ms; fan-out to the sockets p50 %.2f ms, p95 %.2f ms "
      "(%d batches, %d changes)" % (checks / rows, max(int(b["bindings"]) for b in batches),
      pct(check, .5), pct(check, .95), pct(fanout, .5), pct(fanout, .95), len(batches), rows))
PY
