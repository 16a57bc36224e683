/** Query keys of the events page. */
export const eventKeys = {
  all: ['events'] as const,
  published: () => [...eventKeys.all, 'published'] as const,
  samples: () => [...eventKeys.all, 'samples'] as const,
};
