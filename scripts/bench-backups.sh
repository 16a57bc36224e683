#!/usr/bin/env bash
# Backups off the machine (issue 34), a measurement on a release build: the ten-year church
# (scripts/bench/ten-year-church.sql) in the managed cluster, archiving to a folder destination.
# Prints the time and size of a base backup (`kanisa backup --base`), the time of a restore of
# everything (`kanisa restore --latest` into a new folder: fetch, unpack, replay, promote), and
# the archive's lag under write load: BENCH_BACKUP_LOAD_SECONDS (60) of pgbench inserts at
# BENCH_BACKUP_TPS (200) a second, sampling every second how long ago the newest WAL segment
# reached the destination (with a segment finished at least every KANISA_ARCHIVE_TIMEOUT, 60 s,
# that is the work a lost machine would lose at that moment). A measurement, never an
# assertion.
#
# usage: scripts/bench-backups.sh path/to/release/kanisa
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(realpath "${1:?usage: scripts/bench-backups.sh path/to/release/kanisa}")
seconds=${BENCH_BACKUP_LOAD_SECONDS:-60}
tps=${BENCH_BACKUP_TPS:-200}
dest=$(mktemp -d /tmp/kanisa-bench-destination.XXXXXX)
export KANISA_BACKUP_URL="file://$dest" KANISA_ARCHIVE_EVERY=5
bench_serve backups "$bin"
trap 'bench_stop; rm -rf "$dest"' EXIT
ms() { date +%s%3N; }
secs() { python3 -c "print(f'{$1 / 1000:.1f}')"; }

started=$(ms)
"${psql[@]}" -f "$(dirname "$0")/bench/ten-year-church.sql"
counts=$("${psql[@]}" -tA -c "SELECT (SELECT count(*) FROM public.members) || ' members, ' ||
  (SELECT count(*) FROM public.giving_records) || ' gifts, database ' ||
  pg_size_pretty(pg_database_size('kanisa'))")
echo "== backups of the ten-year church ($counts; seeded in $(secs $(( $(ms) - started ))) s) to $dest"

cli() { env KANISA_DATA_DIR="$data" RUST_LOG=warn "$bin" "$@"; }
t0=$(ms)
cli backup --base >/dev/null
t1=$(ms)
echo "base backup (kanisa backup --base, shipped): $(secs $(( t1 - t0 ))) s; destination now $(du -sh "$dest/base" | cut -f1) of base backups, $(du -sh "$dest/wal" | cut -f1) of WAL"

t0=$(ms)
cli restore --latest --into "$work/restored" >/dev/null
t1=$(ms)
echo "restore --latest (fetch, unpack, replay, promote, files): $(secs $(( t1 - t0 ))) s"
rm -rf "$work/restored"

# Write load beside the archive: rows of ~500 bytes in a table of the benchmark's own.
"${psql[@]}" -c "CREATE SCHEMA bench; CREATE TABLE bench.writes (id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(), body text NOT NULL)"
script="$work/write.sql"
echo "INSERT INTO bench.writes (body) VALUES (repeat(md5(random()::text), 16));" > "$script"
pg_bin=$(dirname "${psql[0]}")
sock=$(sed -n 5p "$data/postgres/postmaster.pid")
wal_before=$(find "$dest/wal" -type f | wc -l)
"$pg_bin/pgbench" -n -h "$sock" -U postgres -d kanisa -f "$script" -c 4 -j 2 -R "$tps" -T "$seconds" \
  >"$work/pgbench.log" 2>&1 &
load=$!
lags=()
for _ in $(seq 1 "$seconds"); do
  sleep 1
  lags+=("$("${psql[@]}" -tA -c "SELECT coalesce(extract(epoch FROM now() - last_shipped_at), -1)
    FROM kanisa.backup_archive")")
done
wait "$load" || { cat "$work/pgbench.log"; exit 1; }
done_tps=$(sed -nE 's/^tps = ([0-9.]+).*/\1/p' "$work/pgbench.log" | head -1)
wal_after=$(find "$dest/wal" -type f | wc -l)
printf '%s\n' "${lags[@]}" | python3 -c "
import sys
lags = sorted(float(x) for x in sys.stdin if x.strip() and float(x) >= 0)
if not lags:
    print('archive lag under load: no segment shipped')
    sys.exit()
p = lambda q: lags[min(len(lags) - 1, int(q * len(lags)))]
print(f'archive lag under load ({sys.argv[1]} s at ${done_tps:-?} inserts/s, {sys.argv[2]} WAL files shipped): '
      f'p50 {p(0.5):.1f} s, p95 {p(0.95):.1f} s, max {lags[-1]:.1f} s since the newest segment reached the destination')
" "$seconds" "$(( wal_after - wal_before ))"
