#!/usr/bin/env bash
# The back office's member search (issue 16), a measurement: 5,000 members seeded into a release
# build's managed cluster, then wrk at BENCH_MEMBER_CONNECTIONS (8) for BENCH_DURATION (15 s)
# searching as a signed-in Super Admin (so the members policies are evaluated, as in the back
# office): GET /rest/v1/members with the or=(…ilike…) filter over name, membership number,
# e-mail and phone, a page of 25 and Prefer: count=exact. Prints p50, p95 (target ≤ 50 ms) and
# p99.
#
# usage: scripts/bench-members.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-members.sh path/to/release/kanisa}")
here=$(cd "$(dirname "$0")" && pwd)
duration=${BENCH_DURATION:-15}
conns=${BENCH_MEMBER_CONNECTIONS:-8}
command -v wrk >/dev/null || {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
}
work=$(mktemp -d /tmp/kanisa-bench-members.XXXXXX)
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
env KANISA_DATA_DIR="$data" KANISA_ADDR="127.0.0.1:$port" KANISA_SIGNIN_LIMIT=0 RUST_LOG=warn \
  KANISA_ADMIN_EMAIL=bench@example.org KANISA_ADMIN_PASSWORD=bench-password-1 \
  "$bin" serve >>"$log" 2>&1 &
pid=$!
wait_healthy "$port" "$pid" "$log"
sock=$(sed -n 5p "$data/postgres/postmaster.pid")
pg_bin=${KANISA_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
"$pg_bin/psql" -X -q -h "$sock" -U postgres -d kanisa -v ON_ERROR_STOP=1 -c "
  INSERT INTO public.members (membership_number, first_name, last_name, phone, email, is_active)
  SELECT 'M-' || lpad(i::text, 5, '0'),
         (ARRAY['Grace','Peter','Mary','John','Achieng','Kamau','Wanjiru','Otieno','Ruth','James'])[1 + i % 10],
         (ARRAY['Wanjiru','Otieno','Ochieng','Kamau','Achieng','Mwangi','Njeri','Odhiambo','Kiprop','Chebet'])[1 + (i / 10) % 10] || i,
         '07' || lpad((12000000 + i)::text, 8, '0'),
         'member' || i || CASE WHEN i % 3 = 0 THEN '@gmail.com' ELSE '@example.org' END,
         i % 7 <> 0
  FROM generate_series(1, 5000) AS i;
  ANALYZE public.members;"
total=$("$pg_bin/psql" -X -q -tA -h "$sock" -U postgres -d kanisa -c "SELECT count(*) FROM public.members")
token=$(curl -sS -H "apikey: $anon_key" -H 'Content-Type: application/json' \
  --data '{"email":"bench@example.org","password":"bench-password-1"}' \
  "http://127.0.0.1:$port/auth/v1/token?grant_type=password" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
probe=$(curl -sS -o /dev/null -w '%{http_code}' -H "apikey: $anon_key" -H "Authorization: Bearer $token" \
  "http://127.0.0.1:$port/rest/v1/members?select=id&limit=1")
[ "$probe" = 200 ] || { echo "the staff read answers $probe"; exit 1; }
echo "== member search over $total members as a Super Admin: $conns connections, 2 s warm-up + ${duration} s"
wrk -t 2 -c "$conns" -d 2s -s "$here/bench/members.lua" -H "apikey: $anon_key" \
  -H "Authorization: Bearer $token" -H 'Prefer: count=exact' "http://127.0.0.1:$port" >/dev/null
out=$(wrk -t 2 -c "$conns" -d "${duration}s" --timeout 5s -s "$here/bench/members.lua" \
  -H "apikey: $anon_key" -H "Authorization: Bearer $token" -H 'Prefer: count=exact' "http://127.0.0.1:$port")
line=$(grep '^BENCH ' <<<"$out")
declare -A f=()
for kv in $line; do [[ $kv == *=* ]] && f[${kv%%=*}]=${kv#*=}; done
errors=$(( f[status] + f[connect] + f[read] + f[write] + f[timeout] ))
awk -v req="${f[requests]}" -v dur="${f[duration_us]}" -v p50="${f[p50_us]}" -v p95="${f[p95_us]}" \
    -v p99="${f[p99_us]}" -v errs="$errors" 'BEGIN {
  printf "   %.0f searches/s, p50 %.1f ms, p95 %.1f ms (target <= 50 ms: %s), p99 %.1f ms, %d errors\n",
    req / (dur / 1e6), p50 / 1000, p95 / 1000, (p95 <= 50000 ? "met" : "NOT met"), p99 / 1000, errs
}'
