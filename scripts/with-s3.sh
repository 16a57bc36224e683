#!/usr/bin/env bash
# Runs a command with a local S3-compatible server up (moto_server, scripts/s3-server.sh) and
# KANISA_TEST_S3_ENDPOINT / KANISA_TEST_S3_BUCKET pointing at it, so the storage tests exercise
# the S3 backend too; the server stops when the command ends.
#
# usage: scripts/with-s3.sh COMMAND [ARGS...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp /tmp/kanisa-moto.XXXXXX)
read -r port pid < <("$here/s3-server.sh" kanisa-test "$log")
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
export KANISA_TEST_S3_ENDPOINT="http://127.0.0.1:$port" KANISA_TEST_S3_BUCKET=kanisa-test
"$@"
