import { mock } from "bun:test";

/**
 * Stands in for build-require-beside.ts in a lazy loader's test (call it before importing the loader): the
 * loader gets `file.beside` (undefined: a broken install) and each load is counted in `file.loads`.
 */
export function mockRequireBeside(): { beside: unknown; loads: number } {
  const file = { beside: undefined as unknown, loads: 0 };
  mock.module("../../build-require-beside.ts", () => ({
    requireBeside: () => {
      file.loads++;
      return file.beside;
    },
  }));
  return file;
}
