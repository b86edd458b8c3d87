import { utf8BoundTokenizer } from "./bound.ts";
import type { Tokenizer } from "./tokenizer.ts";

/** A tokenizer that counts with an upper bound until the real one has loaded in the background. */
export interface LazyTokenizer {
  /** The tokenizer to render with now: the bound until the real one is ready, then the real one. */
  readonly current: Tokenizer;
  readonly ready: boolean;
  /**
   * Report a render counted with `current`. Past a quarter of the budget the real tokenizer starts loading
   * in the background; the answer is true when this render may have cut what the real count would keep
   * (past half the budget, or anything omitted): the caller then awaits `load()` and renders again.
   */
  observe(tokens: number, budget: number, omitted: Record<string, number>): boolean;
  /** Start loading now (idempotent); resolves when `current` is the real tokenizer. */
  load(): Promise<Tokenizer>;
}

let bpe: Promise<Tokenizer> | undefined;

// Every JS host has a timer, but the pure ES lib does not declare one: a macrotask lets the call that asked
// for the load go out first.
const timer = (globalThis as { setTimeout?: (fn: () => void, ms: number) => unknown }).setTimeout;
const afterThisCall = (fn: () => void) => (timer ? void timer(fn, 0) : void Promise.resolve().then(fn));

/** o200k, imported once per process however many lazy tokenizers ask for it. */
export function loadBpeTokenizer(): Promise<Tokenizer> {
  bpe ??= import("./o200k.ts").then((m) => m.bpeTokenizer);
  return bpe;
}

/**
 * Renders fitted with the bound are never over budget by the real count (bound >= real), so switching is
 * only about showing more; the switch is a new tokenizer identity, which re-renders once with exact counts.
 * `later` runs the background load; a test passes a queue it flushes, so "nothing was scheduled" is a fact
 * it can check rather than something it waits out.
 */
export function lazyTokenizer(
  loader: () => Promise<Tokenizer> = loadBpeTokenizer,
  bound: Tokenizer = utf8BoundTokenizer,
  later: (fn: () => void) => void = afterThisCall,
): LazyTokenizer {
  let current = bound;
  let loading: Promise<Tokenizer> | undefined;
  const load = () => {
    loading ??= loader().then((real) => (current = real));
    return loading;
  };
  return {
    get current() {
      return current;
    },
    get ready() {
      return current !== bound;
    },
    observe(tokens, budget, omitted) {
      if (current !== bound) return false;
      const cut = Object.values(omitted).some((n) => n > 0) || tokens * 2 > budget;
      if (!loading && (cut || tokens * 4 > budget)) later(() => void load().catch(() => (loading = undefined)));
      return cut;
    },
    load,
  };
}
