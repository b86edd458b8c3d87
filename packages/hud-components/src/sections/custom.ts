import { h, resolve, toMarkdown, type Child, type UElement } from "@agent-hud/ujsx/core";
import { labelLine } from "../components/markup.ts";
import type { CustomSection, SectionParts, SectionSpec } from "./section-spec.ts";

/**
 * The words that open a custom section's line when its component failed; a host's view finds failures by
 * them (the line reads `**⚠ custom section failed** <source>: <first line of the error>`).
 */
export const customSectionFailed = "custom section failed";

/** Markdown produced by a custom component, plus its resolved children for whole-tree rendering. */
export type RenderedBlock = { md: string; nodes: UElement["children"] };

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split("\n").find((l) => l.trim()) ?? "unknown error";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * Resolved blocks by the output object a component returned. A component that returns the very same tree
 * again (an agent component's memoised render, a constant) is not validated, resolved or serialised again
 * when the stable part is rebuilt for another section's change. Only trees of intrinsic elements are kept
 * (`null` marks one that is not): a function component inside could render differently on each call.
 */
const byOutput = new WeakMap<object, RenderedBlock | null>();

/** Whether a returned tree holds only data: intrinsic elements, text and numbers (its rendering is fixed). */
function intrinsicOnly(child: unknown): boolean {
  if (child === null || typeof child !== "object") return typeof child !== "function";
  if (Array.isArray(child)) return child.every(intrinsicOnly);
  const { type, children } = child as { type?: unknown; children?: unknown };
  return typeof type === "string" && (children === undefined || intrinsicOnly(children));
}

function rendered(custom: CustomSection, props: Record<string, unknown>): RenderedBlock {
  const component = custom.component;
  const out: Child = component(props as never);
  const known = typeof out === "object" && out !== null ? byOutput.get(out) : undefined;
  if (known) return known;
  // the output resolved under the component's own name, so error paths read as if resolve had called it
  const same = Object.defineProperty(() => out, "name", { value: component.displayName || component.name });
  const tree = resolve(h(same, props), { mode: "dev", path: custom.name });
  const block: RenderedBlock = { md: toMarkdown(tree), nodes: tree.children };
  if (known === undefined && typeof out === "object" && out !== null)
    byOutput.set(out, intrinsicOnly(out) ? block : null);
  return block;
}

/**
 * Wrap a user component as a section. Whatever it does (throw, return a promise, emit invalid nodes),
 * the failure stays in its section as one line naming its source; the rest of the HUD is unaffected.
 */
export function customSpec(custom: CustomSection): SectionSpec {
  const source = custom.source ?? custom.name;
  return {
    name: custom.name,
    priority: custom.priority ?? 50,
    stability: custom.stability ?? "stable",
    parts({ view, context, directory }, density): SectionParts | null {
      const base = { items: [], noun: `${custom.name} section`, listOp: "snapshot", total: 1 };
      try {
        const block = rendered(custom, { view, state: view.session, context, density, directory });
        if (!block.md.trim()) return null;
        return { ...base, head: [block as never] };
      } catch (error) {
        return { ...base, head: [labelLine(`⚠ ${customSectionFailed}`, `${source}: ${firstLine(error)}`)] };
      }
    },
  };
}
