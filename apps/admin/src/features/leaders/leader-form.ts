import type { Database } from '@kanisa/client';
import { isEmailAddress, isValid, joinList, parseWholeNumber, splitList, textOrNull } from '../../components/ui/form-values';

type Row = Database['public']['Tables']['church_leaders']['Row'];
export type LeaderCategory = Database['public']['Enums']['church_leaders_category'];
export type LeaderTitle = Database['public']['Enums']['church_leaders_title'];

export type Leader = Pick<
  Row,
  | 'id'
  | 'name'
  | 'title'
  | 'position'
  | 'category'
  | 'email'
  | 'phone'
  | 'bio'
  | 'years_of_service'
  | 'specialties'
  | 'display_order'
  | 'is_active'
  | 'position_sw'
  | 'bio_sw'
  | 'specialties_sw'
>;

/** What the form sends (is_active stays as it is; removing is its own action). */
export type LeaderInput = Omit<Leader, 'id' | 'is_active'>;

/** The categories of the form and filter, with their labels (back-office.md §3). */
export const leaderCategories: readonly { value: LeaderCategory; label: string }[] = [
  { value: 'pastoral', label: 'Pastoral Team' },
  { value: 'elder', label: 'Church Elders' },
  { value: 'officer', label: 'Church Officers' },
  { value: 'ministry', label: 'Ministry Leaders' },
  { value: 'department', label: 'Department Heads' },
];

/**
 * The titles a leader may have (church_leaders.title, migration 0045), in the form's order: what
 * the list shows before the name, and the form's choice. The public site translates them.
 */
export const leaderTitles: readonly { value: LeaderTitle; label: string; short: string }[] = [
  { value: 'pastor', label: 'Pastor (Pr.)', short: 'Pr.' },
  { value: 'elder', label: 'Elder', short: 'Elder' },
  { value: 'deacon', label: 'Deacon', short: 'Deacon' },
  { value: 'deaconess', label: 'Deaconess', short: 'Deaconess' },
  { value: 'dr', label: 'Doctor (Dr.)', short: 'Dr.' },
  { value: 'prof', label: 'Professor (Prof.)', short: 'Prof.' },
  { value: 'mr', label: 'Mr.', short: 'Mr.' },
  { value: 'mrs', label: 'Mrs.', short: 'Mrs.' },
  { value: 'ms', label: 'Ms.', short: 'Ms.' },
];

/** The form's title choices: none, then the fixed set. */
export const leaderTitleOptions: readonly { value: string; label: string }[] = [
  { value: '', label: 'No title' },
  ...leaderTitles.map(({ value, label }) => ({ value, label })),
];

/** 'Pr. Samuel Langat': the name with its title in front, as the website shows it in English. */
export function titledName(leader: Pick<Leader, 'name' | 'title'>): string {
  const title = leaderTitles.find((t) => t.value === leader.title);
  return title ? `${title.short} ${leader.name}` : leader.name;
}

export function categoryLabel(category: string): string {
  if (category === 'others') return 'Others';
  return leaderCategories.find((c) => c.value === category)?.label ?? category;
}

/** Texts of the leaders screen. Marked ones are the spec's words (back-office.md §2.7, §5, §8). */
export const leaderTexts = {
  nameRequired: 'Please enter the full name.',
  titleHint: 'Shown before the name on the website, in the visitor\'s language (Elder, Mzee). Leave it out of Full Name.',
  positionRequired: 'Please enter the position or title.',
  categoryRequired: 'Please choose a category.',
  displayOrder: 'Display order must be a whole number, 0 or more.',
  yearsOfService: 'Years of service must be a whole number, 0 or more, or left empty.',
  email: 'Please enter a valid email address, e.g. name@example.org, or leave it empty.',
  /** §2.7 */
  empty: 'No leaders found',
  /** §8, on an exception without a message */
  saveErrorPlain: 'Error saving leader',
  /** §8 */
  saveError: (error: string) => `Error saving leader: ${error}`,
  /** §8 */
  deleteError: (error: string) => `Error deleting leader: ${error}`,
  /** §5 */
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from the leaders list?`,
  kiswahiliHint: 'Shown on the Kiswahili site. Leave empty to show the English there.',
};

export interface LeaderFormValues {
  name: string;
  /** '' for no title, else one of `leaderTitles`. */
  title: string;
  position: string;
  category: string;
  email: string;
  phone: string;
  bio: string;
  years_of_service: string;
  specialties: string;
  display_order: string;
  /** Optional Kiswahili (issue 32): the Kiswahili site shows the English field when empty. */
  position_sw: string;
  bio_sw: string;
  specialties_sw: string;
}

export type LeaderFormErrors = Partial<Record<keyof LeaderFormValues, string>>;

/** A new leader: category Ministry Leaders (the default), placed after everyone listed (§5). */
export function newLeaderForm(listLength: number): LeaderFormValues {
  return {
    name: '',
    title: '',
    position: '',
    category: 'ministry',
    email: '',
    phone: '',
    bio: '',
    years_of_service: '',
    specialties: '',
    display_order: String(listLength + 1),
    position_sw: '',
    bio_sw: '',
    specialties_sw: '',
  };
}

export function leaderToForm(leader: Leader): LeaderFormValues {
  return {
    name: leader.name,
    title: leader.title ?? '',
    position: leader.position,
    category: leader.category,
    email: leader.email ?? '',
    phone: leader.phone ?? '',
    bio: leader.bio ?? '',
    years_of_service: leader.years_of_service == null ? '' : String(leader.years_of_service),
    specialties: joinList(leader.specialties),
    display_order: String(leader.display_order),
    position_sw: leader.position_sw ?? '',
    bio_sw: leader.bio_sw ?? '',
    specialties_sw: joinList(leader.specialties_sw),
  };
}

/**
 * Spec §5: Full Name, Position/Title and Category required; Display Order at least 0; Years of
 * Service at least 0 or empty; e-mail optional but valid.
 */
export function validateLeader(values: LeaderFormValues): LeaderFormErrors {
  const errors: LeaderFormErrors = {};
  if (values.name.trim() === '') errors.name = leaderTexts.nameRequired;
  if (values.position.trim() === '') errors.position = leaderTexts.positionRequired;
  if (values.category === '') errors.category = leaderTexts.categoryRequired;
  const order = parseWholeNumber(values.display_order);
  if (order === undefined || order < 0) errors.display_order = leaderTexts.displayOrder;
  if (values.years_of_service.trim() !== '') {
    const years = parseWholeNumber(values.years_of_service);
    if (years === undefined || years < 0) errors.years_of_service = leaderTexts.yearsOfService;
  }
  const email = values.email.trim();
  if (email !== '' && !isEmailAddress(email)) errors.email = leaderTexts.email;
  return errors;
}

export function isLeaderValid(values: LeaderFormValues): boolean {
  return isValid(validateLeader(values));
}

/** The row to write: empty optional fields as null, specialties split, trimmed, empties dropped. */
export function leaderFromForm(values: LeaderFormValues): LeaderInput {
  return {
    name: values.name.trim(),
    title: leaderTitles.find((t) => t.value === values.title)?.value ?? null,
    position: values.position.trim(),
    category: values.category as LeaderCategory,
    email: textOrNull(values.email),
    phone: textOrNull(values.phone),
    bio: textOrNull(values.bio),
    years_of_service: values.years_of_service.trim() === '' ? null : Number(values.years_of_service.trim()),
    specialties: splitList(values.specialties),
    display_order: Number(values.display_order.trim()),
    position_sw: textOrNull(values.position_sw),
    bio_sw: textOrNull(values.bio_sw),
    // An empty Kiswahili list is "not translated" (NULL): the database refuses an empty one.
    specialties_sw: splitList(values.specialties_sw).length ? splitList(values.specialties_sw) : null,
  };
}

export interface OrderChange {
  id: string;
  display_order: number;
}

/**
 * Moving the leader at `index` of the shown list one place up (-1) or down (+1) swaps its
 * display_order with its neighbour's. When both have the same number, the one that should come
 * first keeps it and the other gets the next number, so the move is always visible.
 */
export function moveLeader(list: readonly Pick<Leader, 'id' | 'display_order'>[], index: number, direction: -1 | 1): OrderChange[] {
  const leader = list[index];
  const neighbour = list[index + direction];
  if (!leader || !neighbour) return [];
  const [first, second] = direction === -1 ? [leader, neighbour] : [neighbour, leader];
  let firstOrder = Math.min(leader.display_order, neighbour.display_order);
  let secondOrder = Math.max(leader.display_order, neighbour.display_order);
  if (firstOrder === secondOrder) secondOrder = firstOrder + 1;
  if (firstOrder < 0) firstOrder = 0;
  return [
    { id: first.id, display_order: firstOrder },
    { id: second.id, display_order: secondOrder },
  ];
}
