// The `hud` MCP servers' heap between calls. JSC's collector is generational: its frequent young-generation
// collections keep whatever a call still holds at that moment (its tree, its markdown, its rows) as old, and
// the old generation is collected only in full, which JSC starts once it has grown to ~3x its size after the
// last full collection. Over the bench's 60-call session a Claude Code server's heap (with the memory its
// strings own) grew from 3.5 to 10.5 MB with no full collection, 5.6 MB of it live, and its RSS with it. So
// a server collects in full itself, a moment after it answered, once the heap has grown by a little since
// its last full collection: a few collections a session (4-7 ms of CPU each, never more than 5% of the
// time), none while the host is quiet.
import { heapSize } from "bun:jsc";

/** How long after an answer the heap is looked at: later work in that time waits for the same look. */
export const LOOK_AFTER_MS = 250;
/** Heap growth (objects and the memory they own outside the heap) since the last full collection that starts one. */
export const GROWTH_BYTES = 512 * 1024;
/** After a collection of `t` ms the next waits at least this many times `t`: a large heap is collected at most 5% of the time. */
export const SPACING = 19;

type Options = {
  delayMs?: number;
  growth?: number;
  /** the heap's size now, its objects and the memory they own outside it */
  size?: () => number;
  collect?: () => void;
};

/** A function to call after each piece of work: a look at the heap `delayMs` later, at most one pending. */
export function heapCollector({
  delayMs = LOOK_AFTER_MS,
  growth = GROWTH_BYTES,
  size = heapSize,
  collect = () => Bun.gc(true),
}: Options = {}): () => void {
  let floor = size();
  let pending: ReturnType<typeof setTimeout> | undefined;
  let notBefore = 0;
  const look = () => {
    pending = undefined;
    if (size() - floor < growth) return;
    const started = performance.now();
    collect();
    const ended = performance.now();
    notBefore = ended + (ended - started) * SPACING;
    floor = size();
  };
  return () => {
    if (pending) return;
    pending = setTimeout(look, Math.max(delayMs, notBefore - performance.now()));
    // a look never keeps the process alive: a server the host closed exits as before
    pending.unref();
  };
}

let afterWorkHook: (() => void) | undefined;

/** Called where a server has answered (a `hud` call, a forwarded hook); nothing unless `leanHeap()` ran. */
export function afterWork(): void {
  afterWorkHook?.();
}

/**
 * Turns the collections on for this process: an MCP server's entry, never a process the plugin is loaded
 * into (opencode's). Returns what turns them off again.
 */
export function leanHeap(options?: Options): () => void {
  const hook = heapCollector(options);
  afterWorkHook = hook;
  return () => {
    if (afterWorkHook === hook) afterWorkHook = undefined;
  };
}
