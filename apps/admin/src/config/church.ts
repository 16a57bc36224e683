/**
 * Stand-in until System Settings (church_name) are served by the API (spec README, point 16).
 * The public app has its own copy; a shared package comes when both need more than this.
 */
export const church = {
  name: 'Seventh-day Adventist Church',
} as const;
