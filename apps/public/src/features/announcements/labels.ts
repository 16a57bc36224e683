/** Audience labels and priority colours (spec §9). */
export const audienceLabels: Record<string, string> = {
  all: 'All Welcome',
  members: 'Members Only',
  visitors: 'Visitors Welcome',
  ministry_leaders: 'Ministry Leaders',
  elders: 'Church Elders',
};

export function audienceLabel(audience: string): string {
  return audienceLabels[audience] ?? 'All Welcome';
}

/** urgent red, high amber, normal blue, low grey. */
export const priorityClasses: Record<string, string> = {
  urgent: 'priority-urgent',
  high: 'priority-high',
  normal: 'priority-normal',
  low: 'priority-low',
};

export function priorityLabel(priority: string): string {
  return priority.charAt(0).toUpperCase() + priority.slice(1);
}
