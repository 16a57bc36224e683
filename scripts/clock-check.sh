#!/usr/bin/env bash
# The Rust tests and the browser suites with the clock moved, to show that none of them depends
# on today's date (issue 30): cargo's test binaries, each `kanisa serve`, PostgreSQL and Node run
# under libfaketime (Debian's faketime package, installed on demand) with the same fixed offset,
# so they agree with each other and only the calendar moves. Monotonic clocks are left alone
# (timers and timeouts run as usual). Chromium cannot run under libfaketime (its processes spin
# and every page times out): it keeps the real clock, and each page gets Playwright's clock at
# the moved time instead (KANISA_E2E_CLOCK=1, apps/e2e/lib/browser.mjs).
#
# usage: scripts/clock-check.sh [rust|e2e|all] [DATE ...]
#   DATE: anything `date -d` reads, e.g. "2027-02-05 10:00 +03:00". The default dates:
#     - a Friday morning in Nairobi, when the demo's Friday vespers that evening is inside the
#       24-hour reminder window (and the Sabbath's events the next day);
#     - 2027-01-01 01:30 in Nairobi, which is still 2026 in UTC (year and month boundaries);
#     - 29 February 2028 (a leap day in 2028).
# Builds first (with the real clock), then runs each date in turn; stops at the first failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
what=${1:-all}
[ $# -gt 0 ] && shift
dates=("$@")
if [ ${#dates[@]} -eq 0 ]; then
  dates=("2027-02-05 10:00 +03:00" "2027-01-01 01:30 +03:00" "2028-02-29 12:00 +03:00")
fi
lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
if [ ! -e "$lib" ]; then
  echo "installing Debian's faketime for the clock check"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
fi
target=${CARGO_TARGET_DIR:-target}

# libfaketime shares a counter between a faked process and the ones it starts: a POSIX semaphore
# and shared memory, made by the first faked process with mode 0600 and named in
# FAKETIME_SHARED for its children. A server running as root then starts PostgreSQL as the
# postgres user, which cannot open root's semaphore ("sem_open failed: Permission denied") and
# exits. So the check makes that pair itself, open to both users, before any faked process
# starts, and removes it (and what earlier faked processes left in /dev/shm) at the end.
shared_sem=/kanisa_clock_sem shared_shm=/kanisa_clock_shm
make_shared() {
  python3 - "$shared_sem" "$shared_shm" <<'PY'
import _multiprocessing, os, sys
sem, shm = sys.argv[1], sys.argv[2]
try:
    _multiprocessing.sem_unlink(sem)
except OSError:
    pass
_multiprocessing.SemLock(1, 1, 1, sem, False)  # a semaphore of value 1, as libfaketime makes
os.chmod(f"/dev/shm/sem.{sem[1:]}", 0o666)
with open(f"/dev/shm/{shm[1:]}", "wb") as f:
    f.write(bytes(8))  # its counter, zero
os.chmod(f"/dev/shm/{shm[1:]}", 0o666)
PY
}
clear_shared() {
  rm -f "/dev/shm/sem.${shared_sem#/}" "/dev/shm/${shared_shm#/}" /dev/shm/faketime_shm_* /dev/shm/sem.faketime_sem_*
}
trap clear_shared EXIT

case "$what" in
  rust | all) cargo test --workspace --locked --tests --no-run ;;
esac
case "$what" in
  e2e | all)
    make --no-print-directory apps chromium
    cargo build --locked --bin kanisa --bin fake-daraja --bin fake-mail --bin fake-sms
    ;;
esac

for when in "${dates[@]}"; do
  offset=$(($(date -d "$when" +%s) - $(date +%s)))
  sign=+
  [ "$offset" -lt 0 ] && sign=-
  echo "=== clock moved to $(date -u -d "$when" '+%Y-%m-%d %H:%M UTC') (${sign}${offset#-} s) ==="
  make_shared
  export LD_PRELOAD=$lib FAKETIME="${sign}${offset#-}" FAKETIME_DONT_FAKE_MONOTONIC=1 \
    FAKETIME_SHARED="$shared_sem $shared_shm"
  case "$what" in
    # Two tests compare the process clock with a clock libfaketime cannot move, so they are
    # left to `make test`: the storage check's grace period reads the files' modification times,
    # which the kernel stamps with the real time (every file then looks weeks old or not yet
    # written), and PostgreSQL's statement timeout, whose timer the offset disturbs.
    rust | all)
      scripts/with-s3.sh cargo test --workspace --locked --tests --no-fail-fast -- \
        --skip a_statement_timeout_is_a_503_that_says_so \
        --skip the_check_finds_and_repairs_orphans_both_ways
      ;;
  esac
  case "$what" in
    e2e | all) KANISA_E2E_CLOCK=1 scripts/with-s3.sh scripts/e2e.sh "$target/debug/kanisa" ;;
  esac
  unset LD_PRELOAD FAKETIME FAKETIME_DONT_FAKE_MONOTONIC FAKETIME_SHARED
  echo "=== passed with the clock at $when ==="
done
