// Driver of scripts/bench-ussd.sh: whole USSD sessions posted as Africa's Talking posts them
// (form fields; `text` is every answer so far joined with `*`), `concurrency` at a time, each
// from a seeded member's phone (07128xxxxx). Every reply must be 200 text/plain, CON or END,
// at most 182 characters. Prints replies per second and p50 / p95 / max per screen and overall.
const [url, count, concurrency] = process.argv.slice(2);
const n = Number(count);
const c = Number(concurrency);

// The answers of one session, and the name of the screen each step shows.
const path = [
  ['', 'language'],
  ['1', 'home'],
  ['1', 'service times'],
  ['1', "this week's events"],
  ['00', 'home again'],
  ['3', 'my giving this year'],
  ['0', 'home again'],
  ['2', 'give: fund'],
  ['1', 'give: amount'],
  ['100', 'give: confirm'],
  ['1', 'give: the demo prompt'],
];

/** @type {Record<string, number[]>} */
const times = {};
/** @param {string} session @param {string} phone @param {string} text */
async function step(session, phone, text) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessionId: session, serviceCode: '*384*1234#', phoneNumber: phone, networkCode: '63902', text }),
  });
  const body = await res.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith('text/plain') || !/^(CON|END) /.test(body) || body.length > 182) {
    throw new Error(`a reply the gateway would not show (${res.status}, ${type}): ${body}`);
  }
  return ms;
}

/** @param {number} i */
async function session(i) {
  const phone = `+2547128${String(i).padStart(5, '0')}`;
  const id = `bench-${process.pid}-${i}`;
  const answers = [];
  for (const [answer, screen] of path) {
    if (answer !== '' || answers.length > 0) answers.push(answer);
    const ms = await step(id, phone, answers.join('*'));
    (times[screen] ??= []).push(ms);
  }
}

/** @param {number[]} xs @param {number} q */
function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
/** @param {string} label @param {number[]} xs */
function line(label, xs) {
  const f = (/** @type {number} */ v) => v.toFixed(1);
  console.log(`${label.padEnd(28)} p50 ${f(quantile(xs, 0.5))} ms  p95 ${f(quantile(xs, 0.95))} ms  max ${f(Math.max(...xs))} ms  (${xs.length})`);
}

// Warm-up: connections and plans (sessions past the measured ones' numbers).
for (let i = n + 1; i <= n + 3; i++) await session(i).catch(() => undefined);
for (const k of Object.keys(times)) delete times[k];

const started = Date.now();
let next = 1;
await Promise.all(
  Array.from({ length: c }, async () => {
    while (next <= n) await session(next++);
  }),
);
const seconds = (Date.now() - started) / 1000;
const all = Object.values(times).flat();
console.log(`replies: ${all.length} in ${seconds.toFixed(1)} s = ${(all.length / seconds).toFixed(0)} replies/s`);
for (const screen of new Set(path.map(([, s]) => s))) if (times[screen]) line(screen, times[screen]);
line('every reply', all);
