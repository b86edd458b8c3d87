import { h, resolve, toMarkdown, type UElement } from "@agent-hud/ujsx/core";
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
        const props = { view, state: view.session, context, density, directory };
        const tree = resolve(h(custom.component, props), { mode: "dev", path: custom.name });
        const md = toMarkdown(tree);
        if (!md.trim()) return null;
        const block: RenderedBlock = { md, nodes: tree.children };
        return { ...base, head: [block as never] };
      } catch (error) {
        return { ...base, head: [labelLine(`⚠ ${customSectionFailed}`, `${source}: ${firstLine(error)}`)] };
      }
    },
  };
}
