/** Query keys of the sermons page. */
export const sermonKeys = {
  all: ['sermons'] as const,
  published: () => [...sermonKeys.all, 'published'] as const,
  activeSeries: () => [...sermonKeys.all, 'series', 'active'] as const,
  samples: () => [...sermonKeys.all, 'samples'] as const,
};
