import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    environment: 'node',
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
