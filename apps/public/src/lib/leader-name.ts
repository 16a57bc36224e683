import type { Database } from '@kanisa/client';
import { fill, provide, t } from '../i18n';
import { leaders as leaderTexts } from '../i18n/en/leaders';

provide(leaderTexts);

export type LeaderTitle = Database['public']['Enums']['church_leaders_title'];

/** A leader as far as their name goes: the name as stored and the title apart (migration 0045). */
export interface Titled {
  name: string;
  title?: LeaderTitle | null;
}

const titleKeys: Record<LeaderTitle, keyof typeof leaderTexts> = {
  pastor: 'leaders.titlePastor',
  elder: 'leaders.titleElder',
  deacon: 'leaders.titleDeacon',
  deaconess: 'leaders.titleDeaconess',
  dr: 'leaders.titleDr',
  prof: 'leaders.titleProf',
  mr: 'leaders.titleMr',
  mrs: 'leaders.titleMrs',
  ms: 'leaders.titleMs',
};

function keyOf(title: LeaderTitle | null | undefined): keyof typeof leaderTexts | null {
  return title && Object.hasOwn(titleKeys, title) ? titleKeys[title] : null;
}

/** The name as a visitor reads it in the active language: 'Elder Ruth Odhiambo', 'Mzee Ruth Odhiambo'. */
export function leaderName(leader: Titled): string {
  const key = keyOf(leader.title);
  return key ? t(key, { name: leader.name }) : leader.name;
}

/**
 * The name in English, for the church office (the request forms' recipient, whatever the
 * visitor's language): 'Elder Ruth Odhiambo'. The server finds the leader by it (migration 0045).
 */
export function leaderNameInEnglish(leader: Titled): string {
  const key = keyOf(leader.title);
  return key ? fill(leaderTexts[key], { name: leader.name }) : leader.name;
}
