// audience: host adapter authors
export {
  fingerprint,
  fingerprints,
  keyOf,
  makeKey,
  memoryItemsOf,
  memorySections,
  MemoryItem,
  MemoryKey,
  MemorySection,
  oneLine,
} from "../state/memory-item.ts";
export { COMPONENTS_TITLE, MemoryFile, MEMORY_TITLE } from "./MemoryFile.tsx";
export { MemoryLine } from "./MemoryLine.tsx";
export { describeUnread, type ParsedMemoryFile, type UnreadPart } from "./unread.ts";
export { componentNamesOf, fileMatches, planRead, planWritten, type MemorySyncEvent } from "./plan.ts";
export { writeMemoryFile } from "./write.ts";
