export { builtinSections, sectionNames } from "./builtin.ts";
export { customSectionFailed, customSpec } from "./custom.ts";
export { treeParts, type PartsMeta } from "./tree-parts.ts";
export type {
  CustomSection,
  HudComponentProps,
  ItemPart,
  SectionInput,
  SectionName,
  SectionParts,
  SectionSpec,
  Stability,
} from "./section-spec.ts";
