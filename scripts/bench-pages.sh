#!/usr/bin/env bash
# The public site's first-load weight and Lighthouse mobile score (apps/scripts/bench-pages.mjs)
# against a release server with demo content in a throwaway data dir. Lighthouse comes from npm
# into /var/cache/kanisa/lighthouse on first use (outside the clone; not a dependency of the
# apps). Chromium from Debian (`make chromium`). BENCH_SCENARIOS picks parts (weight, save-data,
# data, lighthouse; e.g. BENCH_SCENARIOS=data for Home's data bytes alone, without Lighthouse).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-pages.sh path/to/kanisa}")
root=$(cd "$(dirname "$0")/.." && pwd)
lh_dir=${LIGHTHOUSE_DIR:-/var/cache/kanisa/lighthouse}
want_lighthouse=true
if [ -n "${BENCH_SCENARIOS:-}" ] && [[ " ${BENCH_SCENARIOS//,/ } " != *" lighthouse "* ]]; then want_lighthouse=false; fi
if $want_lighthouse && [ ! -x "$lh_dir/node_modules/.bin/lighthouse" ]; then
  echo "installing Lighthouse 12.8 from npm into $lh_dir"
  mkdir -p "$lh_dir"
  npm install --prefix "$lh_dir" lighthouse@12.8 --no-audit --no-fund --loglevel=error >/dev/null
fi
work=$(mktemp -d /tmp/kanisa-bench-pages.XXXXXX)
chmod 755 "$work"
port=$(free_port)
cleanup() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then kill -INT "$pid"; wait "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
KANISA_DATA_DIR="$work/data" KANISA_APPS_DIR="${KANISA_APPS_DIR:-$root/apps}" KANISA_ADDR="127.0.0.1:$port" \
  KANISA_STORAGE_URL="file://$work/storage" RUST_LOG=warn "$bin" serve >"$work/kanisa.log" 2>&1 &
pid=$!
wait_healthy "$port" "$pid" "$work/kanisa.log"
cd "$root/apps"
KANISA_URL="http://127.0.0.1:$port" LIGHTHOUSE="$lh_dir/node_modules/.bin/lighthouse" node scripts/bench-pages.mjs
