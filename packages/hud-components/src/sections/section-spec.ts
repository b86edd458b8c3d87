import type { Child, Component } from "@agent-hud/ujsx/core";
import type { ContextInfo, Density } from "../density/index.ts";
import type { HudState, HudView } from "../state/hud-state.ts";
import type { StalenessOptions } from "../components/Staleness.tsx";

export type SectionName =
  | "task"
  | "resume"
  | "parent"
  | "blockers"
  | "steps"
  | "decisions"
  | "notes"
  | "project"
  | "files"
  | "compacted"
  | "staleness"
  | "warning"
  | "context";

export type Stability = "stable" | "volatile";

/** Everything a section may read. `now` is optional: pure code has no clock, the host passes time in. */
export type SectionInput = {
  view: HudView;
  context: ContextInfo;
  now?: number;
  staleness: Required<StalenessOptions>;
  directory: string;
  /** The host can compact on the agent's request now (RenderOptions.compactTool). */
  compactTool: boolean;
};

/**
 * One list entry; `key` is an immutable state item, so its markdown and token count are cached by
 * identity. The node is built on demand: a 1,000-item section only builds the items that can show.
 */
export type ItemPart = { key: object; render: () => Child; variant?: string };

/**
 * A section split into independently serialisable parts: blocks before the list, the list items, blocks
 * after it. The budget fitter drops items (in `dropOrder`) without rebuilding or re-serialising the rest.
 */
export type SectionParts = {
  head: Child[];
  items: ItemPart[];
  /** Item indexes in the order they may be dropped; default oldest (first) first. */
  dropOrder?: number[];
  tail?: Child[];
  /** Noun for "+N more …" lines and omission notes, e.g. "notes". */
  noun: string;
  /** `hud` operation that lists everything, e.g. "notes.list". */
  listOp: string;
  /** Count behind the section (items not individually shown at this density are reported as omitted). */
  total: number;
  /** How many of `total` the head/tail show when there are no items (default: all). */
  shown?: number;
};

export type SectionSpec = {
  name: SectionName | string;
  /** Higher survives longer under budget pressure. */
  priority: number;
  stability: Stability;
  /** Parts at a density, or null when the section has nothing to show. */
  parts(input: SectionInput, density: Density): SectionParts | null;
  /**
   * The (immutable) inputs `parts` reads. When given and unchanged by identity, the serialised section is
   * reused across renders: editing one note re-serialises only the notes section.
   */
  deps?(input: SectionInput): readonly unknown[];
};

/**
 * What every HUD component receives: the state to show, how much room there is, and where the project is.
 * Read-only: the state objects are shared with every other section and with later renders.
 */
export type HudComponentProps = {
  /** The whole HUD's state: this session's, the project's, and the parent session's or resume hint when present. */
  readonly view: HudView;
  /** This session's state; the same object as `view.session`, for components that show only the session. */
  readonly state: HudState;
  /** Context-window usage of the latest LLM call (tokens used and usable, percent, trend, critical). */
  readonly context: ContextInfo;
  /**
   * How much room the HUD has: `full` below 70% context usage, `compact` below 85%, `minimal` above
   * (thresholds configurable). Render less at each step; the budget fitter may also step a section down.
   */
  readonly density: Density;
  /** The project's directory, for showing file paths relative to it. */
  readonly directory: string;
};

export type CustomSection = {
  name: string;
  /**
   * Returning the very same tree object again (a memoised render) is taken as the same output: it is not
   * checked or serialised again. Return a new object when the output changes; never mutate one returned.
   */
  component: Component<HudComponentProps>;
  before?: SectionName;
  after?: SectionName;
  priority?: number;
  stability?: Stability;
  /** Where it came from (a file path), named in its error line. */
  source?: string;
};
