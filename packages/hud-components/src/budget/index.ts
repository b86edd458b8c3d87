export { fitSections, type FittedSections } from "./fit-sections.ts";
export { initialSections, sectionTokens, type FitInput, type SectionFit } from "./ladder.ts";
export { layoutTree } from "./assemble.ts";
export { partCache, PartCache, type MeasuredPart } from "./part-cache.ts";
export { serialiseItems } from "./batch.ts";
