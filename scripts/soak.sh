#!/usr/bin/env bash
# make soak (issue 21): the long runs a careful operator asks for before trusting Kanisa, then
# one table of their figures. Each part runs even when an earlier one failed; the exit status
# says whether all met their targets.
#
#   fuzz         every fuzz target (crates/kanisa-server/tests/it/fuzz*.rs) for SOAK_FUZZ_CASES
#                cases each (20,000): the parsers of forms, callbacks and names, and arbitrary
#                table-API requests against a real server; and the policy-file runner
#                (crates/kanisa-pg/tests/it/policies.rs) for a tenth of that, each case being a
#                transaction on a real database
#   probe        the outside-style probe (crates/kanisa-server/tests/it/probe.rs: expanded SMS,
#                paid gifts deleted and re-entered, prompt floods) for SOAK_PROBE_CASES cases of
#                each attack (500), from a new seed each run (printed; KANISA_PROBE_SEED replays)
#   schemathesis the table API against its OpenAPI document as anon and as service_role for
#                SOAK_SCHEMATHESIS_SECS each (600), up to 50 examples per operation
#   load         64 connections of mixed reads and writes for SOAK_SECS (600) with a fast
#                shutdown of the database and a SIGKILL of its postmaster
#                (crates/kanisa/tests/it/soak.rs): lost writes, recovery, memory, open files
#   two instances  one PostgreSQL, one S3 bucket (moto), haproxy from Debian in front
#                (crates/kanisa/tests/it/scale.rs): cache coherence between instances, a file
#                through one read through the other, one instance stopped under load
#
# usage: scripts/soak.sh   (from the repository root; builds what it runs)
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d /tmp/kanisa-soak.XXXXXX)
fuzz_cases=${SOAK_FUZZ_CASES:-20000}
st_secs=${SOAK_SCHEMATHESIS_SECS:-600}
load_secs=${SOAK_SECS:-600}
failed=0

echo "== fuzz: $fuzz_cases cases per target"
KANISA_FUZZ_CASES=$fuzz_cases cargo test --locked -p kanisa-server --test it fuzz -- \
  --nocapture --test-threads 1 2>&1 | tee "$out/fuzz.log" || failed=1
KANISA_FUZZ_CASES=$fuzz_cases cargo test --locked -p kanisa-pg --test it fuzz -- \
  --nocapture --test-threads 1 2>&1 | tee -a "$out/fuzz.log" || failed=1

probe_cases=${SOAK_PROBE_CASES:-500}
probe_seed=${KANISA_PROBE_SEED:-$RANDOM$RANDOM}
echo "== probe: $probe_cases cases per attack, seed $probe_seed"
KANISA_PROBE_CASES=$probe_cases KANISA_PROBE_SEED=$probe_seed cargo test --locked -p kanisa-server \
  --test it probe -- --nocapture 2>&1 | tee "$out/probe.log" || failed=1

echo "== schemathesis: ${st_secs}s per role"
cargo build --locked --bin kanisa
SCHEMATHESIS_MAX_TIME=$st_secs SCHEMATHESIS_MAX_EXAMPLES=${SOAK_SCHEMATHESIS_EXAMPLES:-50} \
  scripts/schemathesis.sh target/debug/kanisa 2>&1 | tee "$out/schemathesis.log" || failed=1

echo "== load with faults: ${load_secs}s"
KANISA_SOAK_SECS=$load_secs cargo test --locked -p kanisa --test it soak -- --ignored \
  --nocapture 2>&1 | tee "$out/load.log" || failed=1

echo "== two instances behind haproxy"
command -v haproxy >/dev/null || {
  echo "installing Debian's haproxy"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
}
scripts/with-s3.sh cargo test --locked -p kanisa --test it scale -- --ignored --nocapture 2>&1 |
  tee "$out/scale.log" || failed=1

echo
echo "== make soak: figures (logs in $out)"
printf '%-14s %s\n' "part" "result"
grep -ho 'fuzz [^:]*: [0-9]* cases, [0-9]* crashes' "$out/fuzz.log" | sort -u |
  sed -E 's/^fuzz /fuzz          /'
grep -h 'crash: ' "$out/fuzz.log" | head -5 || true
# The two runs (anon, then service_role): requests generated and passed, then exit and time.
grep -hE '^ +[0-9]+ generated, ' "$out/schemathesis.log" | sed -E 's/^ +/schemathesis  requests: /'
grep -h '^schemathesis as ' "$out/schemathesis.log" | sed -E 's/^/schemathesis  /'
grep -hE '^(schemathesis: no failures|schemathesis found failures)' "$out/schemathesis.log" | sed -E 's/^/schemathesis  /'
grep -h '^soak ' "$out/load.log" | sed -E 's/^soak ([a-z]+): /load          \1: /'
grep -h '^scale ' "$out/scale.log" | sed -E 's/^scale ([a-z]+): /two instances \1: /'
echo "two instances jobs once: kanisa/tests/it/jobs.rs (500 deliveries) and notifications.rs (reminders), in make test"
if [ "$failed" -ne 0 ]; then
  echo "make soak: a target was NOT met (see the logs above)"
  exit 1
fi
echo "make soak: every target met"
