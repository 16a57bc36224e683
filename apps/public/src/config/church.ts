/**
 * The congregation's identity as the site shows it. These are stand-ins: the real values come
 * from System Settings (church_name, address, …) once the API serves them (spec README, point 16),
 * and these stay as the fallback.
 */
export const church = {
  name: 'Seventh-day Adventist Church',
  branch: 'Kanisa Branch',
} as const;
