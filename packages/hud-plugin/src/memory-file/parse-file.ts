// The dynamic-import target of parser.ts: everything the markdown parser pulls in is reachable only from here.
export { parseMemoryFile } from "@agent-hud/hud-components/memory-file/parse";
