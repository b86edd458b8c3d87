import * as fromMdast from "./from-mdast/index.ts";
import { intrinsicKinds, type IntrinsicTag } from "./nodes/index.ts";
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
 * The tags are the public JSX vocabulary and keep their names; the handlers use mdast's, so `<code>` is
 * `inlineCode`, `<codeblock>` is `code`, `<item>` is `listItem`. `section` is ujsx's own: written as its
 * children and never read back.
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
  code: ["inlineCode"],
  codeblock: ["code"],
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
  return registry;
}

/** Used when no registry is passed. Extend a `createRegistry()` (or `defaultRegistry.clone()`) instead of this one. */
export const defaultRegistry: TransformRegistry = createRegistry();
