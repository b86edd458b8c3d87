import * as fromMdast from "./from-mdast/index.ts";
import { intrinsicAliases, intrinsicKinds, type IntrinsicTag } from "./nodes/index.ts";
import { TransformRegistry } from "./registry.ts";
import type { ToMdastHandler } from "./to-mdast/state.ts";
import type { ToTerminalHandler } from "./to-terminal/state.ts";
import * as toMdast from "./to-mdast/index.ts";
import * as toTerminal from "./to-terminal/index.ts";

type Written = keyof typeof toMdast & keyof typeof toTerminal;
type Read = keyof typeof fromMdast;

/**
 * The one table of intrinsic kinds: the JSX tag a user writes → the mdast type it is written as (its
 * handler's name in to-mdast/, to-terminal/ and from-mdast/), then any other mdast types read back into it.
 * The tags are mdast's names, as mdast-util-to-markdown's handlers are, except where mdast has no short
 * word for an author: `<item>` is `listItem`, `<row>` `tableRow`, `<cell>` `tableCell`, `<quote>`
 * `blockquote`, `<rule>` `thematicBreak`. `section` is ujsx's own: written as its children and never read
 * back. `<codeblock>`, the block's older tag, is an alias of `<code>` (`intrinsicAliases`).
 */
const mdastOf = {
  root: ["root"],
  section: ["section"],
  heading: ["heading"],
  paragraph: ["paragraph"],
  text: ["text", "html"],
  strong: ["strong"],
  emphasis: ["emphasis"],
  delete: ["delete"],
  inlineCode: ["inlineCode"],
  code: ["code"],
  link: ["link"],
  list: ["list"],
  item: ["listItem"],
  table: ["table"],
  row: ["tableRow"],
  cell: ["tableCell"],
  quote: ["blockquote"],
  rule: ["thematicBreak"],
  break: ["break"],
} as const satisfies { [T in IntrinsicTag]: readonly [Written, ...Read[]] };

/** A fresh registry holding every intrinsic kind with its default rules; extend it freely. */
export function createRegistry(): TransformRegistry {
  const registry = new TransformRegistry();
  for (const tag of Object.keys(mdastOf) as IntrinsicTag[]) {
    const types: readonly string[] = mdastOf[tag];
    const written = types[0] as Written;
    const read = types.filter((type): type is Read => type in fromMdast);
    registry.register(intrinsicKinds[tag], {
      // each handler types its props by its node's schema in its own file; the row is what pairs them
      toMdast: toMdast[written] as ToMdastHandler<any>,
      toTerminal: toTerminal[written] as ToTerminalHandler<any>,
      fromMdast: read.length ? Object.fromEntries(read.map((type) => [type, fromMdast[type]])) : undefined,
    });
  }
  for (const [tag, kind] of Object.entries(intrinsicAliases)) registry.alias(tag, kind);
  return registry;
}

/** Used when no registry is passed. Extend a `createRegistry()` (or `defaultRegistry.clone()`) instead of this one. */
export const defaultRegistry: TransformRegistry = createRegistry();
