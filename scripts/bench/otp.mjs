// Driver of scripts/bench-otp.sh: times POST /auth/v1/otp for members' numbers (07125xxxxx,
// seeded by the script) and unknown ones (07126xxxxx), interleaved, one at a time, then
// POST /auth/v1/verify with each member's demo code. Prints p50 / p95 / max per kind.
const [base, anonKey, count] = process.argv.slice(2);
const n = Number(count);
const headers = { apikey: anonKey, 'content-type': 'application/json' };

/** @param {string} path @param {unknown} body */
async function post(path, body) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${base}/auth/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await res.json();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { status: res.status, answer, ms };
}

/** @param {number[]} xs @param {number} q */
function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
/** @param {string} label @param {number[]} xs */
function line(label, xs) {
  const f = (/** @type {number} */ v) => v.toFixed(1);
  console.log(`${label.padEnd(34)} p50 ${f(quantile(xs, 0.5))} ms  p95 ${f(quantile(xs, 0.95))} ms  max ${f(Math.max(...xs))} ms  (${xs.length})`);
}

const number = (/** @type {string} */ prefix, /** @type {number} */ i) => `${prefix}${String(i).padStart(5, '0')}`;
// Warm-up: the first requests pay for connections and plans.
for (let i = 1; i <= 5; i++) await post('otp', { phone: number('07127', i) });

/** @type {{known: number[], unknown: number[], verify: number[]}} */
const times = { known: [], unknown: [], verify: [] };
/** @type {[string, string][]} */
const codes = [];
let bodies = new Set();
for (let i = 1; i <= n; i++) {
  const known = await post('otp', { phone: number('07125', i) });
  const unknown = await post('otp', { phone: number('07126', i) });
  for (const r of [known, unknown]) {
    if (r.status !== 200) throw new Error(`/otp answered ${r.status}: ${JSON.stringify(r.answer)}`);
  }
  bodies.add(Object.keys(known.answer).sort().join(','));
  bodies.add(Object.keys(unknown.answer).sort().join(','));
  times.known.push(known.ms);
  times.unknown.push(unknown.ms);
  codes.push([number('07125', i), known.answer.demo_code]);
}
for (const [phone, token] of codes) {
  const r = await post('verify', { type: 'sms', phone, token });
  if (r.status !== 200) throw new Error(`/verify answered ${r.status}: ${JSON.stringify(r.answer)}`);
  times.verify.push(r.ms);
}
line("(o) /otp, a member's number", times.known);
line('(o) /otp, a number nobody has', times.unknown);
const median = (/** @type {number[]} */ xs) => quantile(xs, 0.5);
console.log(
  `(o) median known / unknown: ${median(times.known).toFixed(2)} / ${median(times.unknown).toFixed(2)} ms ` +
    `(${((median(times.known) / median(times.unknown) - 1) * 100).toFixed(1)} %); answers' shapes: ${[...bodies].join(' | ')}`,
);
line('(v) /verify (first sign-in)', times.verify);
