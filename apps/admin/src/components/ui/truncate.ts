/**
 * The first `max` characters of `text` followed by '...' when it is longer (table descriptions:
 * 60 for sermons and events, 80 for announcements; leader bios 100). Empty for null. Counts
 * code points, so a character outside the basic plane is never cut in half.
 */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : text;
}
