import { t, type MessageKey } from '../../i18n';

/** Audience labels and priority colours (spec §9); the labels are catalogue keys, read with `t()` when shown. */
export const audienceLabels: Record<string, MessageKey> = {
  all: 'announcements.audienceAll',
  members: 'announcements.audienceMembers',
  visitors: 'announcements.audienceVisitors',
  ministry_leaders: 'announcements.audienceMinistryLeaders',
  elders: 'announcements.audienceElders',
};

export function audienceLabel(audience: string): string {
  return t(audienceLabels[audience] ?? 'announcements.audienceAll');
}

/** urgent red, high amber, normal blue, low grey. */
export const priorityClasses: Record<string, string> = {
  urgent: 'priority-urgent',
  high: 'priority-high',
  normal: 'priority-normal',
  low: 'priority-low',
};

const priorityLabels: Record<string, MessageKey> = {
  urgent: 'announcements.priorityUrgent',
  high: 'announcements.priorityHigh',
  normal: 'announcements.priorityNormal',
  low: 'announcements.priorityLow',
};

/** 'Urgent', 'High', 'Normal', 'Low' in the active language; any other value capitalised as it is. */
export function priorityLabel(priority: string): string {
  const key = priorityLabels[priority];
  return key ? t(key) : priority.charAt(0).toUpperCase() + priority.slice(1);
}
