// The church's calendar (Africa/Nairobi) for the browser tests, whatever the machine's zone:
// the apps date everything by it, so a test comparing with them must too.

/** Today in Nairobi as YYYY-MM-DD. */
export function churchToday(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/** This year in Nairobi. */
export function churchYear(now = new Date()) {
  return Number(churchToday(now).slice(0, 4));
}

/**
 * The year and quarter of a Nairobi day YYYY-MM-DD, e.g. "2027-0".
 * @param {string} day
 */
function quarterOf(day) {
  return `${day.slice(0, 4)}-${String(Math.floor((Number(day.slice(5, 7)) - 1) / 3))}`;
}

/**
 * A start time for a test event on the page that opens on this quarter: the next full hour, or
 * the current hour when the next one is already in the next quarter (the last hour of a
 * quarter in Nairobi).
 */
export function startInThisQuarter(now = new Date()) {
  const next = new Date(now.getTime() + 3_600_000);
  next.setUTCMinutes(0, 0, 0);
  if (quarterOf(churchToday(next)) === quarterOf(churchToday(now))) return next;
  const current = new Date(now);
  current.setUTCMinutes(0, 0, 0);
  return current;
}
