/**
 * How long the apps' unit tests wait: a quiet machine's limit times the machine's patience,
 * `KANISA_TEST_PATIENCE` (default 4), as the Rust tests' `kanisa_test_db::patient`. A busy
 * machine (CI's two cores shared with the Rust build and a busy loop) runs a test many times
 * slower; a limit is only there to end a test that will never finish, never to measure speed.
 * Read by the projects' vite configs (node); a test reads the result through `inject`.
 */
export function patient(ms: number): number {
  const factor = Number.parseInt(process.env.KANISA_TEST_PATIENCE ?? '', 10);
  return ms * (Number.isInteger(factor) && factor >= 1 ? factor : 4);
}
