export { setup } from "./setup.ts";
export type { V2Host } from "./host-api.ts";
