import { fromMdastHandlers } from "./from-mdast/index.ts";
import { intrinsicKinds } from "./nodes/index.ts";
import { TransformRegistry } from "./registry.ts";
import { toMdastHandlers } from "./to-mdast/index.ts";
import { toTerminalHandlers } from "./to-terminal/index.ts";

/** A fresh registry holding every intrinsic kind with its default rules; extend it freely. */
export function createRegistry(): TransformRegistry {
  const registry = new TransformRegistry();
  for (const kind of Object.values(intrinsicKinds)) {
    registry.register(kind, {
      toMdast: toMdastHandlers.get(kind),
      toTerminal: toTerminalHandlers.get(kind),
      fromMdast: fromMdastHandlers.get(kind),
    });
  }
  return registry;
}

/** Used when no registry is passed. Extend a `createRegistry()` (or `defaultRegistry.clone()`) instead of this one. */
export const defaultRegistry: TransformRegistry = createRegistry();
