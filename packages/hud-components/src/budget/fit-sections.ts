import { omissionPart, assemble, type Assembly } from "./assemble.ts";
import { initialSections, ladder, omittedCounts, totalTokens, type FitInput, type SectionFit } from "./ladder.ts";
import type { MeasuredPart } from "./part-cache.ts";
import { refill, restore, save } from "./refill.ts";

export type FittedSections = Assembly & { sections: SectionFit[]; omitted: Record<string, number>; titleKept: boolean };

/** Run the ladder until the assembled part fits `room` tokens (exactly, not just by estimate). */
export function fitSections(
  fit: FitInput,
  room: number,
  title: MeasuredPart | undefined,
  withOmission: boolean,
): FittedSections {
  const { cache } = fit;
  const sections = initialSections(fit);
  const omission = (): MeasuredPart | undefined => (withOmission ? omissionPart(sections, cache) : undefined);
  let heading = title;
  const overhead = () => (heading?.sep ?? 0) + (omission()?.sep ?? 0);
  // Capped at the room: sections far over budget are not fully serialised just to learn they do not fit.
  const estimateAll = () => totalTokens(sections, cache, overhead(), room);
  const { tokenizer } = cache;
  const count = (a: Assembly): Assembly =>
    a.exact
      ? a
      : { ...a, exact: true, tokens: tokenizer.count(a.markdown), tokensWithSep: tokenizer.count(`${a.markdown}\n`) };
  // An upper-bound tokenizer's sum of parts that fits proves the whole fits: the whole text is then
  // counted once, for the layout finally kept, instead of after every ladder step and the refill.
  const measure = (): Assembly => {
    const a = assemble(heading, sections, omission(), cache);
    return tokenizer.upperBound && a.tokens <= room ? a : count(a);
  };
  const steps = ladder(sections, { ...fit, overhead: () => overhead() }, () => room);
  let done = false;
  let stepped = false;
  const advance = () => {
    if (done) return false;
    if (steps.next().done) {
      done = true;
      if (!heading) return false;
      heading = undefined;
    }
    return (stepped = true);
  };
  while (estimateAll() > room && advance()) {}
  let result = measure();
  while (result.tokens > room && advance()) result = measure();
  // with no step taken every section is as it started: nothing to hand back, and the same text to measure
  if (stepped && result.tokens <= room && heading === title) {
    const saved = save(sections);
    refill(sections, fit, room, overhead);
    const refilled = measure();
    if (refilled.tokens <= room) result = refilled;
    else restore(sections, saved);
  }
  result = count(result);
  if (result.tokens > room) result = { markdown: "", tokens: 0, tokensWithSep: 0, exact: true };
  return { ...result, sections, omitted: omittedCounts(sections), titleKept: heading !== undefined };
}
