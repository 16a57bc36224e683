/** How the header shows who is signed in (§2.4). */

/** The profile's full name, else the name given at sign-up, else the e-mail. */
export function displayName(profileName: string | null | undefined, metadataName: unknown, email: string | undefined): string {
  for (const name of [profileName, metadataName]) {
    if (typeof name === 'string' && name.trim() !== '') return name.trim();
  }
  return email ?? '';
}

/** The avatar's letter: the first letter of the name, upper case; '?' when there is none. */
export function avatarLetter(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** The mobile header's initials: first letters of the first and last word that start with a letter ("Carol Content" → "CC"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter((word) => /^\p{L}/u.test(word));
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((w): w is string => w !== undefined)
    .map((w) => Array.from(w)[0]?.toLocaleUpperCase() ?? '')
    .join('');
}
