#!/usr/bin/env bash
# Load figures of the table API (measurements, never assertions): a release build with the
# managed cluster and demo content on a throwaway data dir, driven by wrk on 127.0.0.1.
#
#   (0)  the floor: a JSON 404 (no such API path) through the whole middleware, with the
#        same headers as (a); (a)/(0) is what a hit of the anonymous cache costs beyond it
#   (a)  anon: 20 published sermons, newest first       (a') the same list as service_role
#   (b)  anon: 3 upcoming events                        (c)  anon: one sermon by id (object)
#   (d)  signed-in FINANCE_ADMIN: 20 giving records, member embedded (row-level policies)
#   (d') the same list as service_role (no policies): (d)/(d') is the cost of RLS
#   (d") the same list with the treasurer's token minus its session_id claim: (d)/(d") is the
#        cost of refusing tokens of ended sessions (one session lookup per request)
#   (e)  anon: insert a message
#   (f)  password sign-in (/auth/v1/token), argon2id, a few connections; plus the latency of
#        one sign-in at a time
#
# each at BENCH_CONNECTIONS (64) connections for BENCH_DURATION (15 s) after a short warm-up,
# reporting requests/s, p50 and p99 latency and the peak RSS of the server (kanisa alone; its
# PostgreSQL processes separately, and how much CPU other processes took meanwhile); then the
# list of (a) straight to PostgreSQL with pgbench as the floor: the bare statement, and in the
# transaction the API wraps around every request. Installs wrk from Debian when it is missing.
# BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_THREADS change the defaults;
# BENCH_SCENARIOS (e.g. "(d) (d\")") runs only those scenarios, to compare two builds quickly.
#
# usage: scripts/bench-rest.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-rest.sh path/to/release/kanisa}")
here=$(cd "$(dirname "$0")" && pwd)
duration=${BENCH_DURATION:-15}
warmup=${BENCH_WARMUP:-2}
conns=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}

if ! command -v wrk >/dev/null; then
  echo "installing wrk from Debian for the load benchmark"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
pg_bin=${KANISA_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$pg_bin/pgbench" ] && [ -x "$pg_bin/psql" ] || { echo "pgbench/psql not found (KANISA_PG_BIN)"; exit 1; }

work=$(mktemp -d /tmp/kanisa-bench-rest.XXXXXX)
chmod 755 "$work"
data="$work/data"
port=$(free_port)
base="http://127.0.0.1:$port/rest/v1"
log="$work/kanisa.log"
# A fixed secret (40 characters) so the API keys can be printed before the server starts.
export KANISA_JWT_SECRET=kanisa-bench-secret-0123456789abcdefghij
pid=
sampler=

cleanup() {
  if [ -n "$sampler" ]; then kill -TERM "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true; fi
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# --- the machine: other load makes every figure below smaller ---------------------------------
cpu_busy() { # percent of all cores busy over one second
  local a b
  a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
  local idle=$(( (b[4] + b[5]) - (a[4] + a[5]) )) total=0 i
  for i in 1 2 3 4 5 6 7 8; do total=$(( total + b[i] - a[i] )); done
  echo $(( total > 0 ? 100 * (total - idle) / total : 0 ))
}
echo "== table API load benchmark: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)," \
  "CPU busy before start $(cpu_busy)% (figures are indicative; wrk shares the machine)"

# --- a throwaway server --------------------------------------------------------------------------
read -r _ anon_key < <("$bin" keys | grep '^anon ')
read -r _ service_key < <("$bin" keys | grep '^service_role ')

# The per-address sign-in limit would stop (f) at 30 sign-ins: off for the benchmark only.
KANISA_SIGNIN_LIMIT=0 KANISA_DATA_DIR="$data" KANISA_ADDR="127.0.0.1:$port" RUST_LOG=warn \
  "$bin" serve >"$log" 2>&1 &
pid=$!
wait_healthy "$port" "$pid" "$log"
postmaster=$(head -1 "$data/postgres/postmaster.pid")
sock=$(sed -n 5p "$data/postgres/postmaster.pid")  # the socket directory the cluster listens in
psql() { PGOPTIONS="-c client_min_messages=warning" "$pg_bin/psql" -X -q -h "$sock" -U postgres -d kanisa -v ON_ERROR_STOP=1 "$@"; }

# --- the requests --------------------------------------------------------------------------------
today=$(date +%F)
anon_h=(-H "apikey: $anon_key" -H "Authorization: Bearer $anon_key")
service_h=(-H "apikey: $anon_key" -H "Authorization: Bearer $service_key")
url_a="$base/sermons?select=id,title,speaker,sermon_date&is_published=eq.true&order=sermon_date.desc&limit=20"
url_b="$base/events?select=id,title,start_date,location&is_published=eq.true&start_date=gte.$today&order=start_date&limit=3"
url_d="$base/giving_records?select=id,amount,giving_date,member:members(first_name,last_name,membership_number)&order=giving_date.desc&limit=20"
url_e="$base/messages"
body_e='{"sender_name":"Bench","sender_email":"bench@example.org","subject":"Load","message":"Hello"}'

# One request with curl: prints the status, keeps the body in $work/probe.
probe() { # method url body header-args...
  local method=$1 url=$2 body=$3; shift 3
  curl -sS -o "$work/probe" -D "$work/probe.headers" -w '%{http_code}' -X "$method" \
    ${body:+--data "$body"} "$@" "$url"
}

status=$(probe GET "$url_a" "" "${anon_h[@]}")
[ "$status" = 200 ] || { echo "anon list of sermons answers $status:"; cat "$work/probe"; echo; exit 1; }
# (e) inserts thousands of messages from one address and e-mail: the abuse limits would refuse
# all but the first few (their cost is measured by scripts/bench-submissions.sh).
lift_submission_limits "http://127.0.0.1:$port" "$service_key"

# A signed-in treasurer for (d) and (f), made through the admin API with the service key.
auth="http://127.0.0.1:$port/auth/v1"
bench_email=treasurer@bench.example.org
bench_password=bench-treasurer-password
status=$(probe POST "$auth/admin/users" \
  "{\"email\":\"$bench_email\",\"password\":\"$bench_password\",\"user_metadata\":{\"full_name\":\"Bench Treasurer\"},\"app_metadata\":{\"role\":\"FINANCE_ADMIN\"}}" \
  -H "apikey: $anon_key" -H "Authorization: Bearer $service_key" -H "Content-Type: application/json")
[ "$status" = 200 ] || { echo "creating the bench treasurer answers $status:"; cat "$work/probe"; echo; exit 1; }
body_f="{\"email\":\"$bench_email\",\"password\":\"$bench_password\"}"
url_f="$auth/token?grant_type=password"
status=$(probe POST "$url_f" "$body_f" -H "apikey: $anon_key" -H "Content-Type: application/json")
[ "$status" = 200 ] || { echo "the bench treasurer cannot sign in ($status):"; cat "$work/probe"; echo; exit 1; }
user_token=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["access_token"])' "$work/probe")
user_h=(-H "apikey: $anon_key" -H "Authorization: Bearer $user_token")
# The same token without its session_id claim, signed with the same secret: policies see the
# same user, but there is no session to look up.
sessionless_token=$(python3 - "$user_token" "$KANISA_JWT_SECRET" <<'PY'
import base64, hashlib, hmac, json, sys
token, secret = sys.argv[1], sys.argv[2].encode()
b64 = lambda raw: base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
header, payload, _ = token.split(".")
claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
claims.pop("session_id", None)
body = header + "." + b64(json.dumps(claims, separators=(",", ":")).encode())
print(body + "." + b64(hmac.new(secret, body.encode(), hashlib.sha256).digest()))
PY
)
sessionless_h=(-H "apikey: $anon_key" -H "Authorization: Bearer $sessionless_token")
status=$(probe GET "$url_d" "" "${user_h[@]}")
rows_d=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$work/probe")
[ "$status" = 200 ] && [ "$rows_d" = 20 ] ||
  { echo "the treasurer's list of giving answers $status with $rows_d rows:"; head -c 300 "$work/probe"; echo; exit 1; }

# One sign-in at a time: the cost of one argon2id verification plus the session's writes.
single=()
for _ in $(seq 1 15); do
  single+=("$(curl -sS -o /dev/null -w '%{time_total}' -X POST --data "$body_f" \
    -H "apikey: $anon_key" -H "Content-Type: application/json" "$url_f")")
done
read -r single_p50 single_max < <(printf '%s\n' "${single[@]}" | sort -n |
  awk '{v[NR] = $1} END {printf "%.1f %.1f\n", v[int((NR + 1) / 2)] * 1000, v[NR] * 1000}')

status=$(probe GET "$url_a" "" "${anon_h[@]}")
sermon_id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["id"])' "$work/probe")
url_c="$base/sermons?select=*&id=eq.$sermon_id"

# --- one scenario ----------------------------------------------------------------------------------
results=()
failures=0
# The status a scenario's requests should answer: 2xx unless a scenario sets it (the floor's 404).
expect=2xx
answered_as_expected() { if [ "$expect" = 2xx ]; then [[ $1 == 2* ]]; else [ "$1" = "$expect" ]; fi; }
run() { # key label method url body header-args...
  local key=$1 label=$2 method=$3 url=$4 body=$5; shift 5
  local status out line
  if [ -n "${BENCH_SCENARIOS:-}" ] && [[ " $BENCH_SCENARIOS " != *" $key "* ]]; then return; fi
  status=$(probe "$method" "$url" "$body" "$@")
  local cache
  cache=$(awk -F': ' 'tolower($1)=="x-kanisa-cache" {gsub("\r",""); print $2}' "$work/probe.headers")
  printf '%-4s %s %s → %s%s\n' "$key" "$method" "${url#"http://127.0.0.1:$port"}" "$status" \
    "${cache:+ (x-kanisa-cache: $cache)}"
  if ! answered_as_expected "$status"; then
    echo "     the server answered: $(head -c 600 "$work/probe")"
    failures=$((failures + 1))
  fi
  # Memory and CPU are sampled over warm-up and run: the peak under this load.
  python3 "$here/bench/sampler.py" "$pid" "$postmaster" 0.2 >"$work/rss" &
  sampler=$!
  BENCH_METHOD=$method BENCH_BODY=$body \
    wrk -t "$threads" -c "$conns" -d "${warmup}s" -s "$here/bench/wrk.lua" "$@" "$url" >/dev/null
  out=$(BENCH_METHOD=$method BENCH_BODY=$body \
    wrk -t "$threads" -c "$conns" -d "${duration}s" --timeout 5s -s "$here/bench/wrk.lua" "$@" "$url")
  kill -TERM "$sampler"; wait "$sampler" || true; sampler=
  line="$(grep '^BENCH ' <<<"$out") $(cat "$work/rss")"
  results+=("$key|$label|$line")
  local errs
  errs=$(sed -E 's/.* status=([0-9]+) connect=([0-9]+) read=([0-9]+) write=([0-9]+) timeout=([0-9]+).*/\1 \2 \3 \4 \5/' <<<"$line")
  read -r st co re wr ti <<<"$errs"
  if [ "$expect" != 2xx ]; then
    # wrk counts every answer outside 2xx/3xx; here that is every one (the probe checked which).
    line=${line/status=$st /status=0 }
    results[-1]="$key|$label|$line"
    st=0
  fi
  if (( st + co + re + wr + ti > 0 )); then
    failures=$((failures + 1))
    echo "     during load: $st non-2xx/3xx, socket errors connect $co read $re write $wr timeout $ti"
    status=$(probe "$method" "$url" "$body" "$@")
    echo "     the same request now answers $status: $(head -c 600 "$work/probe")"
  fi
}

echo
echo "== scenarios: $conns connections, ${threads} wrk threads, ${warmup} s warm-up + ${duration} s each;" \
  "API pool ${KANISA_DB_POOL_SIZE:-16} connections"
expect=404
run "(0)" "floor: JSON 404 through the middleware" GET "$base/sermons/no-such-path" "" "${anon_h[@]}"
expect=2xx
run "(a)" "anon: 20 published sermons by date" GET "$url_a" "" "${anon_h[@]}"
run "(a')" "  same list as service_role (no cache, no RLS)" GET "$url_a" "" "${service_h[@]}"
run "(b)" "anon: 3 upcoming events" GET "$url_b" "" "${anon_h[@]}"
run "(c)" "anon: one sermon by id (object)" GET "$url_c" "" "${anon_h[@]}" \
  -H "Accept: application/vnd.pgrst.object+json"
run "(d)" "signed-in: 20 giving records + member (RLS)" GET "$url_d" "" "${user_h[@]}"
run "(d')" "  same list as service_role (no RLS)" GET "$url_d" "" "${service_h[@]}"
run '(d")' "  same list, token without a session to check" GET "$url_d" "" "${sessionless_h[@]}"
run "(e)" "anon: insert a message" POST "$url_e" "$body_e" "${anon_h[@]}" \
  -H "Content-Type: application/json" -H "Prefer: return=minimal"
# argon2id is CPU-bound: a few connections, as many sign-ins as the cores allow.
conns_saved=$conns
conns=${BENCH_SIGNIN_CONNECTIONS:-4}
run "(f)" "password sign-in (argon2id), $conns connections" POST "$url_f" "$body_f" \
  -H "apikey: $anon_key" -H "Content-Type: application/json"
conns=$conns_saved
inserted=$(psql -tA -c "SELECT count(*) FROM public.messages WHERE sender_email = 'bench@example.org'")

# --- the floor: the same list straight to PostgreSQL ---------------------------------------------
pool=${KANISA_DB_POOL_SIZE:-16}
floors=()
pgbench_run() { # label clients mode script
  local label=$1 clients=$2 mode=$3 script=$4 dir tps avg failed p50 p99
  dir=$(mktemp -d "$work/pgbench.XXXX")
  echo "== $label: pgbench -c $clients -M $mode, ${duration} s"
  PGOPTIONS="-c role=anon" "$pg_bin/pgbench" -n -c "$clients" -j "$threads" -T "$duration" -M "$mode" \
    -f "$script" -h "$sock" -U postgres --log --log-prefix="$dir/tx" kanisa >"$dir/out" 2>&1 ||
    { cat "$dir/out"; exit 1; }
  tps=$(awk '/^tps = / {print $3; exit}' "$dir/out")
  avg=$(awk -F' = ' '/^latency average/ {print $2}' "$dir/out")
  failed=$(awk -F': ' '/^number of failed transactions/ {print $2}' "$dir/out")
  # Per-transaction log: client, transaction, elapsed µs, … — sorted for p50 and p99.
  read -r p50 p99 < <(cat "$dir"/tx* | awk '{print $3}' | sort -n |
    awk '{v[NR] = $1} END {i50 = int(NR * 0.50); i99 = int(NR * 0.99); if (i50 < 1) i50 = 1; if (i99 < 1) i99 = 1;
         printf "%.2f %.2f\n", v[i50] / 1000, v[i99] / 1000}')
  floors+=("$(printf '%-50s %8.0f %5.2f ms %5.2f ms   (pgbench latency average %s; %s failed transactions)' \
    "$label" "$tps" "$p50" "$p99" "$avg" "${failed:-0}")")
  rm -rf "$dir"
}
echo
pgbench_run "floor: SQL of (a), $conns clients" "$conns" simple "$here/bench/floor.sql"
pgbench_run "floor: (a) in the API's transaction, $pool clients" "$pool" prepared "$here/bench/floor-api-shape.sql"

# --- stop the server ---------------------------------------------------------------------------------
kill -INT "$pid"
if ! wait "$pid"; then echo "kanisa did not shut down cleanly:"; cat "$log"; exit 1; fi
pid=
if pgrep -f "$data/postgres" >/dev/null; then echo "postgres is still running after kanisa stopped"; exit 1; fi

# --- the table ---------------------------------------------------------------------------------------
echo
target() {
  case $1 in
    "(a)") echo "15000 15 60" ;; "(d)") echo "3000 50 60" ;; "(e)") echo "2500 - 60" ;;
    "(0)" | "(a')" | "(d')" | '(d")' | "(f)") echo "- - -" ;; *) echo "- - 60" ;;
  esac
}
printf '%-50s %8s %8s %8s %9s %11s %6s %6s  %-26s %s\n' \
  scenario "req/s" p50 p99 "peak RSS" "pg PSS/RSS" errors other target "met?"
for r in "${results[@]}"; do
  IFS='|' read -r key label line <<<"$r"
  declare -A f=()
  for kv in $line; do [[ $kv == *=* ]] && f[${kv%%=*}]=${kv#*=}; done
  read -r t_rps t_p99 t_rss < <(target "$key")
  awk -v key="$key" -v label="$label" -v req="${f[requests]}" -v dur="${f[duration_us]}" \
      -v p50="${f[p50_us]}" -v p99="${f[p99_us]}" -v rss="${f[kanisa_rss_kb]}" \
      -v pss="${f[pg_pss_kb]}" -v pgrss="${f[pg_rss_kb]}" \
      -v errs="$(( f[status] + f[connect] + f[read] + f[write] + f[timeout] ))" \
      -v other="${f[other_cpu_pct]}" -v t_rps="$t_rps" -v t_p99="$t_p99" -v t_rss="$t_rss" '
    BEGIN {
      rps = req / (dur / 1e6); rss_mb = rss / 1024
      tgt = ""; miss = ""
      if (t_rps != "-") { tgt = tgt "≥" t_rps "/s "; if (rps < t_rps) miss = miss " req/s" }
      if (t_p99 != "-") { tgt = tgt "p99≤" t_p99 "ms "; if (p99 / 1000 > t_p99) miss = miss " p99" }
      if (t_rss != "-") { tgt = tgt "RSS≤" t_rss "MB"; if (rss_mb > t_rss) miss = miss " RSS" }
      if (errs > 0) miss = miss " errors"
      met = (tgt == "" && errs == 0) ? "—" : (miss == "" ? "yes" : "NO:" miss)
      if (tgt == "") tgt = "(informative)"
      printf "%-50s %8.0f %5.2f ms %5.2f ms %6.1f MB %4.0f/%4.0f MB %6d %5d%%  %-26s %s\n",
        key " " label, rps, p50 / 1000, p99 / 1000, rss_mb, pss / 1024, pgrss / 1024, errs, other, tgt, met
    }'
  unset f
done
printf '%s\n' "${floors[@]}"
rps_of() { # key → requests per second of that scenario
  local r
  for r in "${results[@]}"; do
    [[ $r == "$1|"* ]] || continue
    sed -E 's/.*requests=([0-9]+) duration_us=([0-9]+).*/\1 \2/' <<<"$r" | awk '{printf "%.0f", $1 / ($2 / 1e6)}'
  done
}
p99_of() {
  local r
  for r in "${results[@]}"; do
    [[ $r == "$1|"* ]] || continue
    sed -E 's/.* p99_us=([0-9]+).*/\1/' <<<"$r" | awk '{printf "%.2f", $1 / 1000}'
  done
}
a_hit=$(rps_of "(a)"); floor=$(rps_of "(0)")
if [ -n "$a_hit" ] && [ -n "$floor" ]; then
awk -v a="$a_hit" -v f="$floor" 'BEGIN {
  ratio = (f > 0) ? a / f : 0
  printf "anon cache hit: (a) %s req/s vs (0) the floor (a JSON 404 through the middleware) %s req/s: %.2fx the floor (target >= 0.85x: %s)\n",
    a, f, ratio, (ratio >= 0.85 ? "met" : "NOT met") }'
fi
d_rls=$(rps_of "(d)"); d_plain=$(rps_of "(d')"); d_nosession=$(rps_of '(d")')
if [ -n "$d_rls" ] && [ -n "$d_plain" ]; then
awk -v a="$d_rls" -v b="$d_plain" -v pa="$(p99_of "(d)")" -v pb="$(p99_of "(d')")" 'BEGIN {
  ratio = (a > 0) ? b / a : 0
  printf "RLS cost: (d) signed-in %s req/s vs (d\x27) service_role %s req/s: %.2fx the time per request (target <= 1.3x: %s); p99 %s vs %s ms\n",
    a, b, ratio, (ratio <= 1.3 ? "met" : "NOT met"), pa, pb }'
fi
if [ -n "$d_rls" ] && [ -n "$d_nosession" ]; then
awk -v a="$d_rls" -v b="$d_nosession" 'BEGIN {
  slower = (b > 0) ? (1 - a / b) * 100 : 0
  printf "session check cost: (d) %s req/s vs (d\") without a session to check %s req/s: %.1f %% slower (target <= 5 %%: %s)\n",
    a, b, slower, (slower <= 5 ? "met" : "NOT met") }'
fi
echo "one sign-in at a time (15 in a row, curl): median $single_p50 ms, slowest $single_max ms (target <= 150 ms:" \
  "$(awk -v m="$single_p50" 'BEGIN {print (m <= 150 ? "met" : "NOT met")}'))"
echo
echo "peak RSS: the kanisa process alone (VmRSS, sampled every 200 ms over warm-up and run);"
echo "pg PSS/RSS: its PostgreSQL processes summed (PSS shares the shared buffers out; RSS counts"
echo "them once per backend). Every scenario runs under the real policies of policies/."
echo "floors: pgbench as role anon (real policies): the bare statement of (a) at $conns clients, and"
echo "(a) in the transaction the API runs per request (BEGIN READ ONLY; set_config; statement;"
echo "COMMIT; prepared) at the API's pool size ($pool) — what PostgreSQL alone can serve."
echo "other: share of the machine's CPU used by other processes (not kanisa, its postgres, wrk)"
echo "during the run; where it is not near 0, that row's figures are depressed by outside load."
echo "(e) inserted $inserted messages in all (probe + warm-up + run)."
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
if grep -qiE ' (WARN|ERROR) ' "$log"; then
  echo "the server logged warnings or errors:"; grep -iE ' (WARN|ERROR) ' "$log" | sort | uniq -c | sort -rn | head -20
fi
if (( failures > 0 )); then echo "$failures scenario(s) saw failing requests (see above)"; exit 1; fi
