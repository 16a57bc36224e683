/** Query keys of the events page. */
export const eventKeys = {
  all: ['events'] as const,
  published: (year: number) => [...eventKeys.all, 'published', year] as const,
  samples: () => [...eventKeys.all, 'samples'] as const,
};
