# Shared by the scripts that start a Kanisa for tests and benchmarks; `source` it.

# free_port: prints a TCP port of 127.0.0.1 that nothing listens on.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_healthy PORT PID LOG: waits (up to 60 s) until the server answers GET /health with 200;
# prints its log and exits the script if the process died or never became healthy.
wait_healthy() {
  local port=$1 pid=$2 log=$3
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { echo "kanisa exited early:"; cat "$log"; exit 1; }
    sleep 0.2
  done
  echo "kanisa never became healthy:"; cat "$log"; exit 1
}

# lift_submission_limits URL SERVICE_KEY: turns the public submissions' abuse limits off (System
# Settings, through the table API with the service key) on a throwaway server whose browser and
# compatibility tests send many forms from 127.0.0.1. The limits themselves are tested in
# crates/kanisa-server/tests/it/functions.rs.
lift_submission_limits() {
  local url=$1 key=$2 status
  status=$(curl -sS -o /dev/null -w '%{http_code}' -X PATCH \
    "$url/rest/v1/system_settings?key=in.(submission_limit_per_address,submission_limit_per_email)" \
    -H "apikey: $key" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -H 'Prefer: return=minimal' --data '{"value": 0}')
  [ "$status" = 204 ] || { echo "lifting the submission limits answered $status"; return 1; }
}
