export { applyEvent, replay } from "./apply.ts";
export type { ApplyResult, Outcome } from "./result.ts";
export {
  defaultCaps,
  defaultLengths,
  resolveProjectorOptions,
  type LengthCaps,
  type ProjectorOptions,
  type SectionCaps,
} from "./options.ts";
export { clip } from "./text.ts";
