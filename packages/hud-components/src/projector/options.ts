/** Maximum items per section; the oldest item goes first when a cap is exceeded. */
export type SectionCaps = {
  decisions: number;
  notes: number;
  files: number;
  blockers: number;
  steps: number;
  todos: number;
  conventions: number;
  keyfiles: number;
  toolResults: number;
};

/** Maximum characters per agent-written field; longer text is cut and ends with "…". */
export type LengthCaps = {
  task: number;
  summary: number;
  details: number;
  note: number;
  step: number;
  blocker: number;
  path: number;
  convention: number;
  compacted: number;
  todo: number;
  /** Tool output is kept from its end: test summaries and errors come last. */
  toolOutput: number;
  command: number;
};

export type ProjectorOptions = { caps?: Partial<SectionCaps>; lengths?: Partial<LengthCaps> };

export const defaultCaps: SectionCaps = {
  decisions: 10,
  notes: 20,
  files: 15,
  blockers: 10,
  steps: 10,
  todos: 20,
  conventions: 15,
  keyfiles: 15,
  toolResults: 5,
};

export const defaultLengths: LengthCaps = {
  task: 400,
  summary: 200,
  details: 400,
  note: 400,
  step: 200,
  blocker: 300,
  path: 300,
  convention: 300,
  compacted: 4000,
  todo: 200,
  toolOutput: 1000,
  command: 300,
};

export type ResolvedProjectorOptions = { caps: SectionCaps; lengths: LengthCaps };

const resolvedCache = new WeakMap<ProjectorOptions, ResolvedProjectorOptions>();
const defaults: ResolvedProjectorOptions = { caps: defaultCaps, lengths: defaultLengths };

export function resolveProjectorOptions(options?: ProjectorOptions): ResolvedProjectorOptions {
  if (!options) return defaults;
  let resolved = resolvedCache.get(options);
  if (!resolved) {
    resolved = {
      caps: { ...defaultCaps, ...options.caps },
      lengths: { ...defaultLengths, ...options.lengths },
    };
    resolvedCache.set(options, resolved);
  }
  return resolved;
}
