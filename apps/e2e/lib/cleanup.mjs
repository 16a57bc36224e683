// Undoing what a browser-test file made, once its tests are over.
import { after } from 'node:test';

/**
 * A list the file pushes its undo steps to; after the file's tests they run newest first, and
 * one that fails is reported without stopping the others.
 * @returns {(() => Promise<unknown>)[]}
 */
export function cleanupList() {
  /** @type {(() => Promise<unknown>)[]} */
  const steps = [];
  after(async () => {
    for (const step of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup failed', error);
      }
    }
  });
  return steps;
}
