export { MEMORY_FILE } from "./files.ts";
export { MemoryFileSync, type MemoryFileOptions, type ProjectPort } from "./memory-file-sync.ts";
