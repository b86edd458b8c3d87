import type { Density } from "../density/density.ts";
import { defaultBudgets } from "../budget/budgets.ts";
import {
  builtinSections,
  customSpec,
  type CustomSection,
  type SectionName,
  type SectionSpec,
} from "../sections/index.ts";
import { defaultStaleness, type StalenessOptions } from "../components/index.ts";
import { defaultTokenizer } from "../tokenize/default.ts";
import type { Tokenizer } from "../tokenize/tokenizer.ts";

export type RenderOptions = {
  budgets?: Partial<Record<Density, number>>;
  tokenizer?: Tokenizer;
  /** Current time (ms) for time-based staleness; without it only turns count. */
  now?: number;
  sections?: { order?: SectionName[]; disabled?: SectionName[] };
  staleness?: StalenessOptions;
  custom?: CustomSection[];
  directory?: string;
  /** Heading above the HUD; empty string for none. */
  title?: string;
  /**
   * The host can compact on the agent's request now (`hud_compact` works): the critical warning names it
   * only then. Default true.
   */
  compactTool?: boolean;
};

export type ResolvedRenderOptions = {
  budgets: Record<Density, number>;
  tokenizer: Tokenizer;
  stable: SectionSpec[];
  volatile: SectionSpec[];
  staleness: Required<StalenessOptions>;
  directory: string;
  title: string;
  compactTool: boolean;
  /** Identity for memo keys: equal ids mean equal resolved options. */
  id: number;
};

let nextId = 1;
const resolved = new WeakMap<RenderOptions, ResolvedRenderOptions>();
// resolved on first use, again when the default tokenizer changed (o200k loaded)
let defaults: ResolvedRenderOptions | undefined;

/** Everything but `now`, which the resolved options do not depend on. */
const resolvedFrom = [
  "budgets",
  "tokenizer",
  "sections",
  "staleness",
  "custom",
  "directory",
  "title",
  "compactTool",
] as const;
type Recent = { options: RenderOptions; result: ResolvedRenderOptions };
// Several sessions (or plugin instances) render in turn in one process, and a session's next HUD is laid out
// ahead between its calls: a few recent resolves are kept, so another's render in between is no miss.
const RECENT = 8;
const recent: Recent[] = [];

/**
 * Resolve once per options object. A host that builds a new object per call (to pass the current `now`)
 * but the same field values gets a recent resolve back: a new resolve would have a new memo id, and
 * the stable part would then be rebuilt on every call instead of taking the warm path.
 */
export function resolveRenderOptions(options?: RenderOptions): ResolvedRenderOptions {
  // a default resolved with the estimate is stale once o200k has loaded
  if (!options) {
    if (defaults?.tokenizer !== defaultTokenizer()) defaults = resolve({});
    return defaults;
  }
  let r = resolved.get(options);
  if (!r) {
    const tokenizer = options.tokenizer ?? defaultTokenizer();
    const same = recent.find(
      (p) => p.result.tokenizer === tokenizer && resolvedFrom.every((k) => p.options[k] === options[k]),
    );
    r = same ? same.result : resolve(options, recent[0]);
    resolved.set(options, r);
  }
  const at = recent.findIndex((p) => p.result === r);
  if (at >= 0) recent.splice(at, 1);
  recent.unshift({ options, result: r });
  if (recent.length > RECENT) recent.length = RECENT;
  return r;
}

/** The same sections in a new array: a custom section's output may have moved, nothing else did. */
function sameSections(a: Recent, options: RenderOptions, tokenizer: Tokenizer): boolean {
  const [x, y] = [a.options.custom ?? [], options.custom ?? []];
  return (
    a.result.tokenizer === tokenizer &&
    resolvedFrom.every((k) => k === "custom" || a.options[k] === options[k]) &&
    x.length === y.length &&
    x.every((section, i) => section === y[i])
  );
}

function resolve(options: RenderOptions, previous?: Recent): ResolvedRenderOptions {
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  // a new id all the same: the stable part is rebuilt, with the sections' specs as they were
  if (previous && sameSections(previous, options, tokenizer)) return { ...previous.result, id: nextId++ };
  const disabled = new Set<string>(options.sections?.disabled ?? []);
  const order = options.sections?.order ?? [];
  const ranked = (name: string) => {
    const i = order.indexOf(name as SectionName);
    return i < 0 ? order.length + builtinSections.findIndex((s) => s.name === name) : i;
  };
  let specs: SectionSpec[] = builtinSections
    .filter((s) => !disabled.has(s.name))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => ranked(a.s.name) - ranked(b.s.name) || a.i - b.i)
    .map((e) => e.s);
  for (const custom of options.custom ?? []) {
    const spec = customSpec(custom);
    const anchor = custom.before ?? custom.after;
    const at = anchor ? specs.findIndex((s) => s.name === anchor) : -1;
    if (at < 0) specs = [...specs, spec];
    else specs = [...specs.slice(0, custom.before ? at : at + 1), spec, ...specs.slice(custom.before ? at : at + 1)];
  }
  return {
    budgets: { ...defaultBudgets, ...options.budgets },
    tokenizer,
    stable: specs.filter((s) => s.stability === "stable"),
    volatile: specs.filter((s) => s.stability === "volatile"),
    staleness: { ...defaultStaleness, ...options.staleness },
    directory: options.directory ?? "",
    title: options.title ?? "Agent HUD",
    compactTool: options.compactTool ?? true,
    id: nextId++,
  };
}
