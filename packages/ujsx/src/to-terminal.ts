import { defaultRegistry } from "./default-registry.ts";
import type { TransformRegistry } from "./registry.ts";
import { isResolvedRoot, resolve } from "./resolve.ts";
import type { TermLine } from "./terminal-types.ts";
import { ToTerminalContext } from "./to-terminal/state.ts";
import type { Child, UElement, UNode } from "./types.ts";
import type { ValidationMode } from "./validate.ts";

export type ToTerminalOptions = {
  /** Cells per row (default 40, a sidebar's width); at least 8. */
  width?: number;
  registry?: TransformRegistry;
  mode?: ValidationMode;
};

/**
 * Lay a tree out as terminal rows of styled spans, wrapped at `width` cells: the second target of the
 * registry beside markdown, so one component tree shows for the agent (markdown) and the person
 * (terminal). No span holds a line ending, escape sequence or control character.
 */
export function toTerminal(tree: Child | UNode, options: ToTerminalOptions = {}): TermLine[] {
  const registry = options.registry ?? defaultRegistry;
  const width = Math.max(8, Math.floor(options.width ?? 40));
  const node = isResolvedRoot(tree) ? tree : resolve(tree, { registry, mode: options.mode });
  const top: UElement = node.type === "root" ? (node as UElement) : { type: "root", props: {}, children: [node] };
  const context = new ToTerminalContext(registry, width);
  return context.rows(context.one(top, -1));
}

/** The rows as plain text, one per line (for goldens, logs and plain terminals). */
export function terminalText(lines: readonly TermLine[]): string {
  return lines.map((line) => line.map((span) => span.text).join("")).join("\n");
}
