#!/usr/bin/env bash
# The finance screens' queries (issue 17) and the reports (issue 20), a measurement: ten years
# of a 2,000-member church (2,000 members in 12 ministries, about 150,000 gifts, budgets and
# 2,400 expenses, 520 Sabbaths, 30,000 messages, 100 sends of 2,000 texts and 1,000 e-mails)
# seeded into a release build's managed cluster, then each query the Dashboard, the Financial
# Dashboard, Donations, Budget, statements and the remittance make, and each report tab for each
# period, is asked BENCH_FINANCE_REQUESTS (200) times in a row as a signed-in Super Admin (the
# policies are evaluated as in the back office). Prints p50 and p95 per query (target p95 <=
# 100 ms for the finance screens, 150 ms for a report tab). Then, unless BENCH_FINANCE_CONFERENCE
# is 0, a conference's ten years (issue 35): 48,000 more members and gifts up to 1,000,000,
# measured again, each p95 printed with its ratio to the church's. A measurement, never an
# assertion.
#
# usage: scripts/bench-finance.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-finance.sh path/to/release/kanisa}")
requests=${BENCH_FINANCE_REQUESTS:-200}
conference=${BENCH_FINANCE_CONFERENCE:-1}
bench_serve finance "$bin"
started=$(date +%s)
"${psql[@]}" -f "$(dirname "$0")/bench/ten-year-church.sql"
counts=$("${psql[@]}" -tA -c "SELECT (SELECT count(*) FROM public.members) || ' members, ' ||
  (SELECT count(*) FROM public.giving_records) || ' gifts, ' || (SELECT count(*) FROM public.expenses) || ' expenses'")
if [ -n "${BENCH_FINANCE_HOLD:-}" ]; then
  echo "seeded; psql: ${psql[*]}; port $port; anon key $anon_key (Ctrl-C stops)"
  while kill -0 "$pid" 2>/dev/null; do sleep 5; done
fi
echo "== finance queries over $counts (seeded in $(( $(date +%s) - started )) s), $requests requests each, one at a time"
today=$(date -u -d '+3 hours' +%F)
month_start=$(date -u -d '+3 hours' +%Y-%m-01)
chart_from=$(date -d "$month_start -11 months" +%F)
last_month=$(date -d "$month_start -1 month" +%F)
year=${today:0:4}
base="http://127.0.0.1:$port/rest/v1"

# name|method|path|body (the donations page asks for the exact count, as the screen does)
queries=(
  "dashboard card (get_finance_overview)|POST|rpc/get_finance_overview|{}"
  "this month (get_financial_summary)|POST|rpc/get_financial_summary|{\"period\":\"month\"}"
  "this year (get_financial_summary)|POST|rpc/get_financial_summary|{\"period\":\"year\"}"
  "12-month chart (get_monthly_giving)|POST|rpc/get_monthly_giving|{\"from_date\":\"$chart_from\"}"
  "10 recent donations|GET|giving_records?select=*,members(first_name,last_name,membership_number)&order=created_at.desc&limit=10|"
  "donation totals, this month|POST|rpc/get_donation_totals|{\"from_date\":\"$month_start\",\"to_date\":\"$today\"}"
  "donations page (25, count=exact)|GET|giving_records?select=*,members(first_name,last_name,membership_number),payment_logs(payment_provider,source,receipt_number)&giving_date=gte.$month_start&giving_date=lte.$today&order=giving_date.desc,id.desc&limit=25|"
  "budget of the year (get_budget_summary)|POST|rpc/get_budget_summary|{\"budget_year\":$year}"
  "remittance of last month|POST|rpc/get_remittance|{\"month\":\"$last_month\"}"
  "year-end statements, a page of 50|POST|rpc/get_giving_statements|{\"from_date\":\"$year-01-01\",\"to_date\":\"$year-12-31\",\"page_size\":50}"
)
for tab in overview financial membership attendance communication; do
  for period in week month quarter year; do
    queries+=("report $tab, $period|POST|rpc/get_report|{\"p_tab\":\"$tab\",\"p_period\":\"$period\"}|150")
  done
done
declare -A church_p95=()
# measure LABEL: each query in turn; prints p50/p95 against the target, and with LABEL
# "conference" the ratio to the church's p95.
measure() {
  local q name method path body target out bad p95 ratio
  for q in "${queries[@]}"; do
    IFS='|' read -r name method path body target <<<"$q"
    target=${target:-100}
    args=(-sS -o /dev/null -w '%{http_code} %{time_total}\n' -H "apikey: $anon_key" -H "Authorization: Bearer $token"
          -X "$method")
    [[ $path == *'limit=25'* ]] && args+=(-H 'Prefer: count=exact')
    [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data "$body")
    out="$work/times"
    : >"$out"
    for _ in $(seq "$requests"); do curl "${args[@]}" "$base/$path" >>"$out"; done
    bad=$(awk '$1 !~ /^2/' "$out" | wc -l)
    p95=$(sort -k2 -g "$out" | awk -v n="$requests" '{ t[NR] = $2 * 1000 } END { printf "%.1f", t[int(n * 0.95)] }')
    ratio=""
    if [ "$1" = church ]; then
      church_p95[$name]=$p95
    else
      ratio=$(awk -v c="${church_p95[$name]}" -v p="$p95" 'BEGIN { printf ", %.1fx the church'"'"'s", p / (c > 0 ? c : 1) }')
    fi
    sort -k2 -g "$out" | awk -v name="$name" -v n="$requests" -v bad="$bad" -v target="$target" -v ratio="$ratio" '
      { t[NR] = $2 * 1000 }
      END {
        p50 = t[int(n * 0.50)]; p95 = t[int(n * 0.95)]
        printf "   %-40s p50 %6.1f ms, p95 %6.1f ms (target <= %d ms: %s)%s%s\n", name, p50, p95,
          target, (p95 <= target ? "met" : "NOT met"), ratio, (bad > 0 ? sprintf(", %d failed answers", bad) : "")
      }'
  done
}
measure church

[ "$conference" = 0 ] && exit 0
# A conference's ten years: 48,000 more members and gifts up to a million, in the same shape.
started=$(date +%s)
# Loaded as a restore would be, not gift by gift: with the per-row triggers (the receipt number, the
# activity log's line, the paid-gift guard) the 850,000 inserts took more than nine minutes. In
# one transaction with session_replication_role = replica those triggers are off; the receipt
# numbers (per year, after the church's) and the monthly totals are then written as the triggers
# would have (and the member search's copy of each member), and the activity log is left
# without a line per seeded gift (no figure reads it).
"${psql[@]}" -1 -c "
  SET LOCAL session_replication_role = replica;
  INSERT INTO public.members (membership_number, first_name, last_name, is_active, created_at)
  SELECT 'C-' || lpad(i::text, 6, '0'),
         (ARRAY['Grace','Peter','Mary','John','Achieng','Kamau','Wanjiru','Otieno','Ruth','James'])[1 + i % 10],
         (ARRAY['Wanjiru','Otieno','Ochieng','Kamau','Achieng','Mwangi','Njeri','Odhiambo','Kiprop','Chebet'])[1 + (i / 10) % 10] || i,
         i % 17 <> 0, now() - make_interval(days => i % 3650)
  FROM generate_series(1, 48000) AS i;
  INSERT INTO kanisa.member_search (id, last_name, first_name, is_active, doc)
  SELECT m.id, m.last_name, m.first_name, m.is_active,
         auth.member_search_text(m.first_name, m.last_name, m.membership_number, m.email, m.phone)
    FROM public.members m
  ON CONFLICT (id) DO NOTHING;
  CREATE TEMP TABLE givers AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM public.members;
  CREATE TEMP TABLE gifts AS
  SELECT CASE WHEN i % 8 = 0 THEN NULL ELSE g.id END AS member_id,
         50 + (i * 37) % 4950 AS amount,
         (ARRAY['tithe','tithe','tithe','offering','offering','special_project','building_fund','missions'])[1 + i % 8] AS giving_type,
         (ARRAY['mpesa','mpesa','cash','bank_transfer','check'])[1 + i % 5] AS payment_method,
         (now() AT TIME ZONE 'Africa/Nairobi')::date - (i % 3650)::int AS giving_date,
         i % 20 <> 0 AS is_verified, i
  FROM generate_series(1, 1000000 - (SELECT count(*) FROM public.giving_records)) AS i
  JOIN givers g ON g.n = 1 + i % 50000;
  INSERT INTO public.giving_records (member_id, amount, giving_type, payment_method, giving_date, is_verified, receipt_no)
  SELECT f.member_id, f.amount, f.giving_type, f.payment_method, f.giving_date, f.is_verified,
         CASE WHEN f.is_verified THEN format('%s-%s', extract(year FROM f.giving_date)::int, lpad((
           coalesce(c.last_number, 0) + row_number() OVER (PARTITION BY f.is_verified, extract(year FROM f.giving_date)
                                                          ORDER BY f.giving_date, f.i))::text, 6, '0')) END
  FROM gifts f
  LEFT JOIN kanisa.receipt_counters c ON c.year = extract(year FROM f.giving_date)::int;
  INSERT INTO kanisa.receipt_counters AS c (year, last_number)
  SELECT split_part(receipt_no, '-', 1)::int, max(split_part(receipt_no, '-', 2)::int)
    FROM public.giving_records WHERE receipt_no IS NOT NULL GROUP BY 1
  ON CONFLICT (year) DO UPDATE SET last_number = EXCLUDED.last_number;
  DELETE FROM public.giving_monthly_totals;
  INSERT INTO public.giving_monthly_totals (month, giving_type, anonymous, total, gift_count)
  SELECT date_trunc('month', g.giving_date)::date, g.giving_type, g.member_id IS NULL, sum(g.amount), count(*)
    FROM public.giving_records g
   WHERE g.is_verified AND NOT g.is_simulated
   GROUP BY 1, 2, 3;"
"${psql[@]}" -c "VACUUM ANALYZE public.members, public.giving_records"
counts=$("${psql[@]}" -tA -c "SELECT (SELECT count(*) FROM public.members) || ' members, ' ||
  (SELECT count(*) FROM public.giving_records) || ' gifts'")
echo "== the same over a conference's $counts (seeded in $(( $(date +%s) - started )) s)"
measure conference
