# Shared by the scripts that start a Kanisa for tests and benchmarks; `source` it.

# free_port: prints a TCP port of 127.0.0.1 that nothing listens on.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_healthy PORT PID LOG: waits (up to 5 minutes: a first start on a busy machine makes a
# cluster, migrates and seeds; the limit only ends a start that will never succeed) until the
# server answers GET /health with 200; prints its log and exits the script if the process died
# or never became healthy.
wait_healthy() {
  local port=$1 pid=$2 log=$3
  for _ in $(seq 1 1500); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { echo "kanisa exited early:"; cat "$log"; exit 1; }
    sleep 0.2
  done
  echo "kanisa never became healthy:"; cat "$log"; exit 1
}

# lift_submission_limits URL SERVICE_KEY: turns the abuse limits off (System Settings, through
# the table API with the service key) on a throwaway server whose browser and compatibility
# tests send many forms, payment prompts, messages and uploads from 127.0.0.1: the public
# submissions', the acknowledgements per address, the payment prompts per address and phone,
# staff's sends per hour, the public uploads per address and in all (files and megabytes, per
# hour and per day). The limits themselves are tested in crates/kanisa-server/tests/it/
# functions.rs, broadcast.rs and storage.rs, and crates/kanisa-storage/tests/it.
lift_submission_limits() {
  local url=$1 key=$2 status
  status=$(curl -sS -o /dev/null -w '%{http_code}' -X PATCH \
    "$url/rest/v1/system_settings?key=in.(submission_limit_per_address,submission_limit_per_email,acknowledgements_per_address_per_day,payment_prompts_per_address,payment_prompts_per_phone,broadcasts_per_hour,upload_files_per_address_per_hour,upload_files_per_address_per_day,upload_mb_per_address_per_hour,upload_mb_per_address_per_day,upload_files_per_hour,upload_files_per_day,upload_mb_per_hour,upload_mb_per_day)" \
    -H "apikey: $key" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -H 'Prefer: return=minimal' --data '{"value": 0}')
  [ "$status" = 204 ] || { echo "lifting the submission limits answered $status"; return 1; }
}

# bench_serve NAME BIN: starts BIN (a release kanisa) for a benchmark, on a free port with a
# fresh managed cluster in a temporary folder that is removed, with the server, when the script
# exits; its first admin is bench@example.org. Sets work, data, log, port, pid, anon_key,
# psql (an array: psql as the cluster's superuser on the kanisa database) and token (that
# admin's access token).
bench_serve() {
  local name=$1 bin=$2 sock pg_bin
  work=$(mktemp -d "/tmp/kanisa-bench-$name.XXXXXX")
  chmod 755 "$work"
  data="$work/data"
  log="$work/kanisa.log"
  pid=
  export KANISA_JWT_SECRET=kanisa-bench-secret-0123456789abcdefghij
  trap bench_stop EXIT
  read -r _ anon_key < <("$bin" keys | grep '^anon ')
  port=$(free_port)
  env KANISA_DATA_DIR="$data" KANISA_ADDR="127.0.0.1:$port" KANISA_SIGNIN_LIMIT=0 RUST_LOG=warn \
    KANISA_ADMIN_EMAIL=bench@example.org KANISA_ADMIN_PASSWORD=bench-password-1 \
    "$bin" serve >>"$log" 2>&1 &
  pid=$!
  wait_healthy "$port" "$pid" "$log"
  sock=$(sed -n 5p "$data/postgres/postmaster.pid")
  pg_bin=${KANISA_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
  psql=("$pg_bin/psql" -X -q -h "$sock" -U postgres -d kanisa -v ON_ERROR_STOP=1)
  token=$(curl -sS -H "apikey: $anon_key" -H 'Content-Type: application/json' \
    --data '{"email":"bench@example.org","password":"bench-password-1"}' \
    "http://127.0.0.1:$port/auth/v1/token?grant_type=password" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
}

# bench_stop: stops bench_serve's server and removes its folder (its EXIT trap).
bench_stop() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then kill -INT "$pid"; wait "$pid" 2>/dev/null || true; fi
  rm -rf "${work:?}"
}
