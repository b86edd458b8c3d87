import { h, isUJsxElement, toMarkdown, type Child, type Component, type UJsxElement } from "@agent-hud/ujsx/core";
import { contextAt, densities, type ContextInfo, type Density } from "../density/index.ts";
import type { HudComponentProps } from "../sections/index.ts";
import { emptyState, type HudState, type HudView } from "../state/hud-state.ts";
import { renderHud, type RenderOptions } from "../render/index.ts";
import { bpeTokenizer } from "../tokenize/o200k.ts";
import type { Tokenizer } from "../tokenize/tokenizer.ts";

/** Usage that selects each density with the default thresholds (used when a test gives no context). */
export const usageFor: Record<Density, number> = { full: 30, compact: 75, minimal: 90 };

export type RenderComponentOptions = {
  density?: Density;
  /** Fail (throw) when the component renders more tokens than this. */
  budget?: number;
  view?: HudView;
  context?: ContextInfo;
  directory?: string;
  tokenizer?: Tokenizer;
};

const emptyView = (): HudView => ({ session: emptyState("session"), project: emptyState("project") });

/** What the helpers render: a component itself (`MyComponent`) or an element (`<MyComponent />`). */
export type Renderable = Component<HudComponentProps> | Child;

/**
 * Render a component or one element to markdown the way the HUD would. A component, or an element of a
 * function component, receives the HudComponentProps (view, state, context, density, directory) from
 * the options (default: an empty view) unless the element sets them itself.
 */
export function renderComponent(subject: Renderable, options: RenderComponentOptions = {}): string {
  const density = options.density ?? "full";
  const view = options.view ?? emptyView();
  const context = options.context ?? contextAt(usageFor[density]);
  const injected: HudComponentProps = {
    view,
    state: view.session,
    context,
    density,
    directory: options.directory ?? "",
  };
  let tree: Child = typeof subject === "function" ? h(subject, injected) : subject;
  if (typeof subject !== "function" && isUJsxElement(subject) && typeof subject.type === "function") {
    tree = { ...(subject as UJsxElement), props: { ...injected, ...(subject as UJsxElement).props } };
  }
  const markdown = toMarkdown(tree, { mode: "dev" });
  if (options.budget !== undefined) {
    const tokens = (options.tokenizer ?? bpeTokenizer).count(markdown);
    if (tokens > options.budget) {
      throw new Error(`component renders ${tokens} tokens at ${density}, over its budget of ${options.budget}`);
    }
  }
  return markdown;
}

const isView = (x: unknown): x is HudView =>
  typeof x === "object" && x !== null && "session" in x && "project" in x && !isUJsxElement(x);
const isState = (x: unknown): x is HudState =>
  typeof x === "object" && x !== null && "scope" in x && "counters" in x && !isUJsxElement(x);

/** `{ full, compact, minimal }` markdown for a component, an element, a whole HudView or one HudState — for snapshots. */
export function renderAllDensities(
  subject: Renderable | HudView | HudState,
  options: RenderOptions & Omit<RenderComponentOptions, "density" | "context"> = {},
): Record<Density, string> {
  const out = {} as Record<Density, string>;
  for (const density of densities) {
    if (isView(subject) || isState(subject)) {
      const view: HudView = isView(subject)
        ? subject
        : subject.scope === "project"
          ? { session: emptyState("session"), project: subject }
          : { session: subject, project: emptyState("project") };
      out[density] = renderHud(view, contextAt(usageFor[density]), options).markdown;
    } else {
      out[density] = renderComponent(subject as Renderable, { ...options, density });
    }
  }
  return out;
}
