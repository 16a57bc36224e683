#!/usr/bin/env bash
# Figures of phone sign-in (issue 46; measurements, never assertions), on a release build with
# the managed cluster and demo content on a throwaway data dir, SMS in demo mode (the code comes
# back in the answer, so nothing leaves the machine):
#
#   (o) POST /auth/v1/otp for BENCH_OTP_REQUESTS (200) members' numbers and as many numbers
#       nobody has, one after the other, interleaved: p50 / p95 / max of each, side by side
#       (the answer must not tell them apart, in time either);
#   (v) POST /auth/v1/verify with each member's code: p50 / p95 / max (the first sign-in makes
#       the account);
#   (w) the member portal's weight: the compressed JavaScript and CSS a first visit to /me
#       fetches beyond the site's first load (apps/public/dist, built by `make bench`'s apps
#       step).
#
# The limits per address and the church's daily budget are lifted for the run (one address asks
# for every code); KANISA_SIGNIN_LIMIT=0 (bench_serve) lifts the per-instance ones.
#
# usage: scripts/bench-otp.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-otp.sh path/to/release/kanisa}")
here=$(cd "$(dirname "$0")" && pwd)
n=${BENCH_OTP_REQUESTS:-200}

bench_serve otp "$bin"
"${psql[@]}" -c "INSERT INTO public.members (first_name, last_name, phone) \
    SELECT 'Bench', 'Member ' || i, '07125' || lpad(i::text, 5, '0') FROM generate_series(1, $n) i; \
  UPDATE public.system_settings SET value = '1000' WHERE key = 'sign_in_codes_per_address_per_hour'; \
  UPDATE public.system_settings SET value = '10000' WHERE key = 'sign_in_codes_per_address_per_day'; \
  UPDATE public.system_settings SET value = '0' WHERE key = 'sign_in_codes_per_day';" >/dev/null
echo "== phone sign-in: $n members' numbers and $n unknown numbers, one request at a time, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
node "$here/bench/otp.mjs" "http://127.0.0.1:$port" "$anon_key" "$n"

dist="$here/../apps/public/dist"
if [ -f "$dist/.vite/manifest.json" ]; then
  python3 "$here/bench/portal_weight.py" "$dist"
else
  echo "(w) no apps/public/dist/.vite/manifest.json: build the apps first (cd apps && npm run build)"
fi
