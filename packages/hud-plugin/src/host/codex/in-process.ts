// What a hook process loads when no MCP server takes its hook (hook-entry.ts): a module of its own, so the
// built hook (build-host-root.ts) reads and runs the runtime only then, never for a forwarded hook.
export { handleHook } from "./handle.ts";
export { createLogger } from "../../log/index.ts";
