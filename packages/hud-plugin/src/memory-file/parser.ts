import type { ParsedMemoryFile } from "@agent-hud/hud-components/memory-file";

type Parse = (text: string) => ParsedMemoryFile;

let parse: Parse | undefined;
let loading: Promise<void> | undefined;

/**
 * The markdown parser is the largest part of the bundle and only a memory file that changed needs it, so
 * it is imported on first need, in a chunk of its own, never on the plugin's start path.
 */
export function loadedParser(): Parse | undefined {
  return parse;
}

export function loadParser(): Promise<void> {
  loading ??= import("./parse-file.ts").then((module) => {
    parse = module.parseMemoryFile;
  });
  return loading;
}
