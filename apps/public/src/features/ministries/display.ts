/** Small display rules of the ministries page. */
import { type MessageKey, provide, t } from '../../i18n';
import { ministries as ministriesTexts } from '../../i18n/en/ministries';

provide(ministriesTexts);

const CATEGORY_LABELS: Record<string, MessageKey> = {
  'age-groups': 'ministries.categoryAgeGroups',
  worship: 'ministries.categoryWorship',
  health: 'ministries.categoryHealth',
  support: 'ministries.categorySupport',
};

/** A known category's label in the active language; another category as staff named it, capitalised. */
export function categoryLabel(category: string): string {
  const key = CATEGORY_LABELS[category];
  if (key) return t(key);
  return category.replace(/[-_]+/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** Titles are not part of the initials: 'Pr. Samuel Langat' → 'SL', "Dr. Catherine Ndung'u" → 'CN'. */
const TITLES = new Set(['pr', 'pastor', 'dr', 'elder', 'eld', 'mr', 'mrs', 'ms', 'miss', 'rev', 'prof', 'bro', 'sis']);

export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .split(/\s+/)
    .filter((word) => word !== '' && !TITLES.has(word.toLowerCase().replace(/\.$/, '')));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The chips of a card: the first `shown` activities and how many more there are. */
export function activityChips(activities: readonly string[], shown = 3): { chips: string[]; more: number } {
  return { chips: activities.slice(0, shown), more: Math.max(0, activities.length - shown) };
}

/** Leaders for the Ministry Leaders section: pastoral, ministry and department categories, at most 8. */
export function ministryLeaders<T extends { category: string }>(leaders: readonly T[], max = 8): T[] {
  return leaders.filter((leader) => ['pastoral', 'ministry', 'department'].includes(leader.category)).slice(0, max);
}
