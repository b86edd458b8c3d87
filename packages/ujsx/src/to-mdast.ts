import type { Root } from "mdast";
import { defaultRegistry } from "./default-registry.ts";
import type { TransformRegistry } from "./registry.ts";
import { ToMdastContext } from "./to-mdast/state.ts";
import type { UNode } from "./types.ts";

/** Convert a resolved tree to an mdast `root` through the registry's rules. */
export function toMdast(node: UNode, options: { registry?: TransformRegistry } = {}): Root {
  return new ToMdastContext(options.registry ?? defaultRegistry).root(node);
}
