#!/usr/bin/env bash
# Figures of the USSD menu (issue 47; measurements, never assertions), on a release build with
# the managed cluster and demo content on a throwaway data dir, payments in demo mode (nothing
# leaves the machine). BENCH_USSD_SESSIONS (200) whole sessions, BENCH_USSD_CONCURRENCY (8) at a
# time, each from its own member's phone, walk the menu as a caller would — the language, home,
# service times, this week's events, my giving this year, a gift of KES 100 confirmed (the
# demo prompt) — posted as Africa's Talking posts them. Printed: replies per second over the
# run, and p50 / p95 / max per screen and over all replies (target p95 <= 100 ms).
#
# usage: scripts/bench-ussd.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-ussd.sh path/to/release/kanisa}")
here=$(cd "$(dirname "$0")" && pwd)
n=${BENCH_USSD_SESSIONS:-200}
c=${BENCH_USSD_CONCURRENCY:-8}

bench_serve ussd "$bin"
"${psql[@]}" -c "INSERT INTO public.members (first_name, last_name, phone) \
    SELECT 'Bench', 'Caller ' || i, '07128' || lpad(i::text, 5, '0') FROM generate_series(1, $n) i; \
  INSERT INTO public.giving_records (member_id, amount, giving_type, payment_method, giving_date, is_verified) \
    SELECT m.id, 100 * (1 + g % 5), (ARRAY['tithe', 'offering'])[1 + g % 2], 'cash', \
           (now() AT TIME ZONE 'Africa/Nairobi')::date - (g % 30), true \
      FROM public.members m, generate_series(1, 12) g WHERE m.last_name LIKE 'Caller %'; \
  INSERT INTO kanisa.secret_settings (key, value) VALUES ('payment_callback_secret', to_jsonb('bench-ussd-secret'::text)) \
    ON CONFLICT (key) DO NOTHING;" >/dev/null
secret=$("${psql[@]}" -Atc "SELECT value #>> '{}' FROM kanisa.secret_settings WHERE key = 'payment_callback_secret'")
echo "== USSD menu: $n sessions, $c at a time, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
node "$here/bench/ussd.mjs" "http://127.0.0.1:$port/functions/v1/ussd/$secret" "$n" "$c"
