/**
 * The ministry cards' staff override (public-site.md §2 Ministries): a ministry's leader,
 * contact and phone are replaced by the church_leaders record that belongs to it.
 *
 * The schema links a ministry to its leader (ministries.leader_id), and that link wins when it
 * names an active leader. Without it, the specification's fuzzy rule applies: a leader whose
 * position and the ministry name contain one another (case-insensitive, either way round), and
 * failing that a keyword both share: youth, children, women, men, music or choir.
 */

export interface StaffRecord {
  id: string;
  name: string;
  position: string;
  email: string | null;
  phone: string | null;
}

export interface MinistryContact {
  name: string;
  leader_id?: string | null;
  leader: string | null;
  contact: string | null;
  phone: string | null;
}

/** Keyword of the ministry name → keywords of a matching position. Music and choir go together. */
const FALLBACKS: [RegExp, RegExp][] = [
  [/\byouth\b/, /\byouth\b/],
  [/\bchildren\b/, /\bchildren\b/],
  [/\bwomen\b/, /\bwomen\b/],
  [/\bmen\b/, /\bmen\b/],
  [/\b(music|choir)\b/, /\b(music|choir)\b/],
];

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

/** The staff record for a ministry, or null when none matches. */
export function findMinistryStaff<T extends StaffRecord>(ministry: Pick<MinistryContact, 'name' | 'leader_id'>, staff: readonly T[]): T | null {
  if (ministry.leader_id) {
    const linked = staff.find((person) => person.id === ministry.leader_id);
    if (linked) return linked;
  }
  const name = normalise(ministry.name);
  if (!name) return null;
  const direct = staff.find((person) => {
    const position = normalise(person.position);
    return position !== '' && (position.includes(name) || name.includes(position));
  });
  if (direct) return direct;
  for (const [inName, inPosition] of FALLBACKS) {
    if (!inName.test(name)) continue;
    const match = staff.find((person) => inPosition.test(normalise(person.position)));
    if (match) return match;
  }
  return null;
}

/** The ministry with its leader, contact and phone taken from its staff record when one matches. */
export function withStaffOverride<M extends MinistryContact>(ministry: M, staff: readonly StaffRecord[]): M {
  const person = findMinistryStaff(ministry, staff);
  if (!person) return ministry;
  return {
    ...ministry,
    leader: person.name,
    contact: person.email ?? ministry.contact,
    phone: person.phone ?? ministry.phone,
  };
}
