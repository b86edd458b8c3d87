export { setup } from "./setup.ts";
export type { V2Context } from "./context.ts";
