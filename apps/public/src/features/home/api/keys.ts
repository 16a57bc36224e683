/** Query keys of the home page's reads. */
export const homeKeys = {
  all: ['home'] as const,
  featuredAnnouncement: () => [...homeKeys.all, 'featured-announcement'] as const,
  upcomingEvents: () => [...homeKeys.all, 'upcoming-events'] as const,
  dailyVerse: (dayIndex: number) => [...homeKeys.all, 'daily-verse', dayIndex] as const,
};
