import type { Static } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";
import { containLines } from "@agent-hud/ujsx/core";
import { fnv1a } from "../hash/fnv1a.ts";
import type { HudState } from "../state/hud-state.ts";

/**
 * The memory file's identity for an item: `@` and seven base-36 characters. Local ids (`c1`, `pn3`) come
 * from one database's counters, so two clones would both call their first convention `c1`; the key is
 * what the file carries and what every database stores, so an item keeps its identity across clones and
 * across edits of its text.
 */
export const MemoryKey = Type.String({ pattern: "^@[0-9a-z]{7}$", description: "memory file key, e.g. @0k3fz9q" });
export const KEY_PATTERN = /^@[0-9a-z]{7}$/;
/** Finds keys anywhere in raw text (lines the parser keeps without reading). */
export const KEY_IN_TEXT = /`(@[0-9a-z]{7})`/g;

export const MemorySection = Type.Union([
  Type.Literal("conventions"),
  Type.Literal("keyfiles"),
  Type.Literal("decisions"),
  Type.Literal("notes"),
  Type.Literal("steps"),
]);
export type MemorySection = Static<typeof MemorySection>;

/** File order of the sections, with their headings. */
export const memorySections: ReadonlyArray<{ section: MemorySection; title: string }> = [
  { section: "conventions", title: "Conventions" },
  { section: "keyfiles", title: "Key files" },
  { section: "decisions", title: "Decisions" },
  { section: "notes", title: "Notes" },
  { section: "steps", title: "Next steps" },
];

/**
 * One line of the file. `text` is the convention, key file path, decision summary, note or step;
 * `detail` the key file's note or the decision's details; `done` a step's checkbox.
 */
export const MemoryItem = Type.Object({
  section: MemorySection,
  key: MemoryKey,
  text: Type.String({ minLength: 1 }),
  detail: Type.Optional(Type.String({ minLength: 1 })),
  done: Type.Optional(Type.Boolean()),
});
export type MemoryItem = Static<typeof MemoryItem>;

/** One line per item: runs of whitespace (newlines included) become one space. */
/** A memory line's text: one line, no controls or bidi overrides (a repository's file is untrusted input). */
export function oneLine(text: string): string {
  return containLines(text).replace(/\s+/g, " ").trim();
}

export function makeKey(seed: string): string {
  return `@${parseInt(fnv1a(seed), 16).toString(36).padStart(7, "0")}`;
}

/** What a line says, as one short string: equal fingerprints mean equal lines. */
export function fingerprint(item: MemoryItem): string {
  return fnv1a(JSON.stringify([item.section, oneLine(item.text), oneLine(item.detail ?? ""), item.done === true]));
}

type Keyed = { id: string; at: number; key?: string };

/**
 * An item's key: the one it came with from the file, else one derived from its local id and creation
 * time, which never change and together are unique in this database.
 */
export function keyOf(section: MemorySection, item: Keyed): string {
  return item.key ?? makeKey(`${section}\0${item.id}\0${item.at}`);
}

function build(section: MemorySection, key: string, text: string, detail?: string, done?: boolean): MemoryItem {
  const item: MemoryItem = { section, key, text: oneLine(text) };
  const extra = detail === undefined ? "" : oneLine(detail);
  if (extra) item.detail = extra;
  if (done) item.done = true;
  return item;
}

/** The project state's items as file lines, in file order (sections in order, items in state order). */
export function memoryItemsOf(project: HudState): MemoryItem[] {
  return [
    ...project.conventions.map((c) => build("conventions", keyOf("conventions", c), c.content)),
    ...project.keyfiles.map((k) => build("keyfiles", keyOf("keyfiles", k), k.path, k.note)),
    ...project.decisions.map((d) => build("decisions", keyOf("decisions", d), d.summary, d.details)),
    ...project.notes.map((n) => build("notes", keyOf("notes", n), n.content)),
    ...project.steps.map((s) => build("steps", keyOf("steps", s), s.description, undefined, s.done)),
  ].filter((item) => item.text !== "");
}

/** key → fingerprint of every item: the shape the state keeps as "what the file held at the last sync". */
export function fingerprints(items: readonly MemoryItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) out[item.key] = fingerprint(item);
  return out;
}
