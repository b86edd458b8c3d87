// The V1 hook assembly, where the tests, the benches and the reliability fixtures have always found it.
export { createHooks } from "./host/v1/hooks.ts";
