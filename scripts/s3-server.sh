#!/usr/bin/env bash
# A local S3-compatible server for tests: moto_server (from PyPI, installed once into a cached
# virtualenv) on a free port of 127.0.0.1, with one empty bucket. Prints "<port> <pid>" and
# leaves the server running; the caller stops it (kill <pid>).
#
# usage: scripts/s3-server.sh BUCKET LOGFILE
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bucket=${1:?usage: scripts/s3-server.sh BUCKET LOGFILE}
log=${2:?usage: scripts/s3-server.sh BUCKET LOGFILE}
venv=${KANISA_TOOLS_CACHE:-/var/cache/kanisa}/moto-venv
if [ ! -x "$venv/bin/moto_server" ]; then
  echo "installing moto[server] from PyPI into $venv (once)" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q 'moto[server]==5.*' >&2
fi
port=$(free_port)
nohup "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "moto_server exited early:" >&2; cat "$log" >&2; exit 1; }
  sleep 0.1
done
# moto does not check signatures: a plain PUT creates the bucket.
curl -fsS -X PUT "http://127.0.0.1:$port/$bucket" >/dev/null ||
  { echo "cannot create bucket $bucket on moto:" >&2; cat "$log" >&2; kill "$pid"; exit 1; }
echo "$port $pid"
