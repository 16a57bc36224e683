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
bench_serve members "$bin"
"${psql[@]}" -c "
  INSERT INTO public.members (membership_number, first_name, last_name, phone, email, is_active)
  SELECT 'M-' || lpad(i::text, 5, '0'),
         (ARRAY['Grace','Peter','Mary','John','Achieng','Kamau','Wanjiru','Otieno','Ruth','James'])[1 + i % 10],
         (ARRAY['Wanjiru','Otieno','Ochieng','Kamau','Achieng','Mwangi','Njeri','Odhiambo','Kiprop','Chebet'])[1 + (i / 10) % 10] || i,
         '07' || lpad((12000000 + i)::text, 8, '0'),
         'member' || i || CASE WHEN i % 3 = 0 THEN '@gmail.com' ELSE '@example.org' END,
         i % 7 <> 0
  FROM generate_series(1, 5000) AS i;
  ANALYZE public.members;"
total=$("${psql[@]}" -tA -c "SELECT count(*) FROM public.members")
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
