import type { SystemPartHash } from "./types.ts";

/**
 * One text's hash, chained through `seed`: a host folds a message's fields one by one without joining them.
 * wyhash through Bun: a few GB/s, so hashing what a hook already holds stays far below the call's cost.
 */
export const hashOf = (text: string, seed = 0n): bigint => Bun.hash.wyhash(text, seed);
export const hex = (h: bigint): string => h.toString(16);

export function hashText(text: string): string {
  return hex(hashOf(text));
}

/** The system parts in order, each marked as agent-hud's own when it is one of the texts the plugin added. */
export function hashSystem(parts: readonly string[], own: ReadonlySet<string>): SystemPartHash[] {
  return parts.map((text) => ({ hash: hashText(text), own: own.has(text) }));
}
