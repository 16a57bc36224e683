// Undoing what a browser-test file made, once its tests are over.
import { after } from 'node:test';

/**
 * A list the file pushes its undo steps to; after the file's tests they run newest first. One
 * that fails does not stop the others, and then fails the file: what it left behind would be
 * seen by the files after it on the same server.
 * @returns {(() => Promise<unknown>)[]}
 */
export function cleanupList() {
  /** @type {(() => Promise<unknown>)[]} */
  const steps = [];
  after(async () => {
    /** @type {unknown[]} */
    const failures = [];
    for (const step of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup failed', error);
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${String(failures.length)} clean-up step(s) failed`);
  });
  return steps;
}
