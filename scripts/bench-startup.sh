#!/usr/bin/env bash
# Start-up figures of a release build with the managed cluster:
#   - time from `kanisa serve` to the first 200 from /health, on a new data dir (initdb, migrate,
#     seed) and on an existing one;
#   - the server's idle RSS (kanisa alone, and its PostgreSQL processes together).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-startup.sh path/to/release/kanisa}")
work=$(mktemp -d /tmp/kanisa-bench.XXXXXX)
chmod 755 "$work"
port=$(free_port)
pid=
cleanup() { [ -n "$pid" ] && kill -INT "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

start() {
  local t0 t1
  t0=$(date +%s%N)
  KANISA_DATA_DIR="$work/data" KANISA_ADDR="127.0.0.1:$port" RUST_LOG=warn "$bin" serve >"$work/log" 2>&1 &
  pid=$!
  until curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/log"; exit 1; }
    sleep 0.01
  done
  t1=$(date +%s%N)
  elapsed=$(( (t1 - t0) / 1000000 ))
}
stop() { kill -INT "$pid"; wait "$pid"; pid=; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

start; first=$elapsed; stop
start; second=$elapsed
sleep 2
kanisa_rss=$(rss_kb "$pid")
pg_rss=0
for p in $(pgrep -f "$work/data/postgres" || true) $(pgrep -P "$(head -1 "$work/data/postgres/postmaster.pid")" || true); do
  r=$(rss_kb "$p" 2>/dev/null || echo 0); pg_rss=$((pg_rss + r))
done
stop

printf '%-48s %8s\n' "measure" "value"
printf '%-48s %6d ms\n' "serve → /health 200, new data dir (initdb+seed)" "$first"
printf '%-48s %6d ms\n' "serve → /health 200, existing data dir" "$second"
printf '%-48s %6d MB\n' "idle RSS, kanisa" "$((kanisa_rss / 1024))"
printf '%-48s %6d MB\n' "idle RSS, its postgres processes (sum)" "$((pg_rss / 1024))"
