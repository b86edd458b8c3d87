import { h, toMarkdown, type Child } from "@agent-hud/ujsx/core";
import type { Tokenizer } from "../tokenize/tokenizer.ts";
import { serialiseItems } from "./batch.ts";
import { checkTemplate, fillTemplate, numberShape } from "./number-template.ts";
import { plainHeading } from "./plain-heading.ts";

/** A serialised part: its markdown and token count, plus the count with a blank-line separator after it. */
export type MeasuredPart = { md: string; tokens: number; sep: number };

/** A list item to serialise ahead of its request (see `prefetchItems`). */
export type ItemRequest = { key: object; variant: string; render: () => Child };

const SIG_LIMIT = 4096;
const DIGIT_RUNS = /\d+/g;

// The parts are the built-in sections' trees: typed code over a state validated when its events came in.
// A custom section arrives as markdown its component's own (validated) render made (sections/custom.ts).
const TRUSTED = "trusted" as const;

/**
 * Serialisation and token counts, cached per tokenizer. Items are keyed by their (immutable) state
 * object, so a state edit re-serialises only the items it touched; other blocks by their content.
 */
export class PartCache {
  private byItem = new WeakMap<object, Map<string, MeasuredPart>>();
  private bySignature = new Map<string, MeasuredPart>();
  private templates = new Map<string, string | null>();
  /** Block signatures with their digits blurred: the shapes seen once (see `serialiseBlock`). */
  private sighted = new Set<string>();
  private byRaw = new Map<string, MeasuredPart>();
  private sectionMemo = new WeakMap<object, Map<string, { deps: readonly unknown[]; value: unknown }>>();
  constructor(readonly tokenizer: Tokenizer) {}

  /** Number of block shapes serialised once and reused with other numbers. */
  get templateCount(): number {
    let n = 0;
    for (const t of this.templates.values()) if (t !== null) n++;
    return n;
  }

  /** Memo of a section's parts by owner + density, valid while every dependency keeps its identity. */
  memoParts<T>(owner: object, density: string, deps: readonly unknown[], build: () => T): T {
    let byDensity = this.sectionMemo.get(owner);
    if (!byDensity) this.sectionMemo.set(owner, (byDensity = new Map()));
    const hit = byDensity.get(density);
    if (hit && hit.deps.length === deps.length && hit.deps.every((d, i) => d === deps[i])) return hit.value as T;
    const value = build();
    byDensity.set(density, { deps, value });
    return value;
  }

  item(key: object, variant: string, render: () => Child): MeasuredPart {
    let variants = this.byItem.get(key);
    if (!variants) this.byItem.set(key, (variants = new Map()));
    let part = variants.get(variant);
    // Densities often render an item to the same text (a short note is short everywhere): the content
    // cache then serves the second variant without serialising it again.
    if (!part) variants.set(variant, (part = this.looseItem(render())));
    return part;
  }

  /**
   * Serialise the requested items that are not cached yet in one pass (see batch.ts). Best effort: an
   * item left out here is serialised alone by `item()` when requested, which also reports its errors.
   */
  prefetchItems(requests: readonly ItemRequest[]): void {
    const missing = requests.filter((r) => !this.byItem.get(r.key)?.has(r.variant));
    // One item gains nothing from a shared pass (after an edit, usually only the edited item is new).
    if (missing.length < 2) return;
    const todo: { request: ItemRequest; node: Child; signature: string }[] = [];
    for (const request of missing) {
      let node: Child;
      try {
        node = request.render();
      } catch {
        continue;
      }
      const signature = signatureOf(h("list", {}, node));
      const known = this.bySignature.get(signature);
      if (known) this.setItem(request, known);
      else todo.push({ request, node, signature });
    }
    const mds = serialiseItems(todo.map((t) => t.node));
    if (!mds) return;
    todo.forEach(({ request, signature }, i) => {
      this.setItem(request, this.bySignature.get(signature) ?? this.remember(signature, this.part(mds[i] as string)));
    });
  }

  private setItem({ key, variant }: ItemRequest, part: MeasuredPart): void {
    let variants = this.byItem.get(key);
    if (!variants) this.byItem.set(key, (variants = new Map()));
    variants.set(variant, part);
  }

  private remember(signature: string, part: MeasuredPart): MeasuredPart {
    if (this.bySignature.size >= SIG_LIMIT) this.bySignature.clear();
    this.bySignature.set(signature, part);
    return part;
  }

  block(node: Child): MeasuredPart {
    const signature = signatureOf(node);
    return this.bySignature.get(signature) ?? this.remember(signature, this.part(this.serialiseBlock(node, signature)));
  }

  /**
   * Serialise once per shape (numbers abstracted), then fill the numbers in; see number-template.ts. A shape
   * seen for the first time is serialised as it is: making its template costs most of a serialisation again,
   * and pays off only from its second sighting (a volatile line on the next call), which a first render's
   * blocks mostly never have.
   */
  private serialiseBlock(node: Child, signature: string): string {
    const heading = plainHeading(node);
    if (heading !== undefined) return heading;
    const sighting = signature.replace(DIGIT_RUNS, "0");
    if (!this.sighted.has(sighting)) {
      if (this.sighted.size >= SIG_LIMIT) this.sighted.clear();
      this.sighted.add(sighting);
      return toMarkdown(node, { mode: TRUSTED });
    }
    const shape = numberShape(node);
    if (!shape) return toMarkdown(node, { mode: TRUSTED });
    let template = this.templates.get(shape.key);
    if (template === undefined) {
      if (this.templates.size >= SIG_LIMIT) this.templates.clear();
      template = checkTemplate(toMarkdown(shape.withSentinels, { mode: TRUSTED }), shape.numbers.length) ?? null;
      this.templates.set(shape.key, template);
    }
    return template === null ? toMarkdown(node, { mode: TRUSTED }) : fillTemplate(template, shape.numbers);
  }

  /** A list item that is not a state item (the "+N more" line): cached by content. */
  looseItem(node: Child): MeasuredPart {
    return this.block(h("list", {}, node));
  }

  /**
   * Markdown produced elsewhere (a custom section's), by content: a section rebuilt with the same text (the
   * stable part recomputed for another section's change) is not counted again.
   */
  raw(md: string): MeasuredPart {
    let part = this.byRaw.get(md);
    if (!part) {
      if (this.byRaw.size >= SIG_LIMIT) this.byRaw.clear();
      this.byRaw.set(md, (part = this.part(md)));
    }
    return part;
  }

  private part(md: string): MeasuredPart {
    const tokenizer = this.tokenizer;
    let tokens = -1;
    let sep = -1;
    return {
      md,
      // Counted on first use: items serialised ahead of need may never be counted.
      get tokens() {
        if (tokens < 0) tokens = tokenizer.count(md);
        return tokens;
      },
      // Most measured never end a block, so the separator variant is counted on first use only.
      get sep() {
        if (sep < 0) sep = tokenizer.count(`${md}\n`);
        return sep;
      },
    };
  }
}

/**
 * A content key for a small element tree. JSON.stringify would visit children twice (an element keeps
 * them in `props.children` too), doubling per level of nesting; this walks each node once.
 */
export function signatureOf(node: Child): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string") return JSON.stringify(node);
  if (typeof node === "number") return String(node);
  if (Array.isArray(node)) return `[${node.map(signatureOf).join(",")}]`;
  const el = node as { type: unknown; props?: Record<string, unknown>; children?: Child };
  let props = "";
  for (const key in el.props) {
    if (key !== "children") props += `${key}=${JSON.stringify(el.props[key])};`;
  }
  const type = typeof el.type === "function" ? (el.type as { name: string }).name : String(el.type);
  return `<${type} ${props}>${signatureOf(el.children ?? (el.props?.["children"] as Child))}`;
}

const caches = new WeakMap<Tokenizer, PartCache>();

export function partCache(tokenizer: Tokenizer): PartCache {
  let cache = caches.get(tokenizer);
  if (!cache) caches.set(tokenizer, (cache = new PartCache(tokenizer)));
  return cache;
}

/** Parts join exactly when each starts with a character the tokenizer cannot merge across a newline. */
export const joinsCleanly = (md: string): boolean => md.length > 0 && !/^[\s/]/.test(md);
