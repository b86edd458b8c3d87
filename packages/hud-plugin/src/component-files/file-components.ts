import type { CustomSection, HudComponentProps } from "@agent-hud/hud-components";
import type { Component } from "@agent-hud/ujsx/core";
import { statSync } from "node:fs";
import type { FileDefinition } from "../agent-components/registry.ts";
import { AcceptanceStore, sha256 } from "./acceptance.ts";
import { discoverComponents, type ComponentFile } from "./discover.ts";
import { verdictOf } from "./gate.ts";
import { readComponent } from "./read-component.ts";
import { hudRoots, type RootOptions } from "./roots.ts";

/** The data folder (stored renders), and how a file waiting for the person is said (once per content). */
export type FileGate = { dataDir: string; notify: (line: string) => void };
/** What the files add to a HUD: definitions for the sandbox, and one line for each that cannot render. */
export type FileComponents = { files: FileDefinition[]; failed: CustomSection[] };

type Known = { stamp: string; decisions: string; out: FileDefinition | CustomSection | undefined };
type Cache = { known: Map<string, Known>; result: FileComponents; told: Set<string>; skips?: string };
const caches = new Map<string, Cache>();

export const shortHash = (hash: string) => hash.slice(0, 12);

/**
 * The component files of a project (`<directory>/.opencode/hud/` and the global folders), as sandbox
 * definitions; nothing of a file is evaluated here. Called on every render: it stats the files and reads
 * again only those that changed (or whose decision may have), and returns the same object while nothing
 * did. A file the person has not accepted (project or global) keeps the render of its last accepted content,
 * or none; with no gate nothing renders.
 */
export function fileComponents(directory: string, gate: FileGate | undefined, options: RootOptions = {}) {
  const roots = hudRoots(directory, options);
  const cacheKey = `${directory}\0${roots.map((r) => r.dir).join("\0")}`;
  let cache = caches.get(cacheKey);
  if (!cache) caches.set(cacheKey, (cache = { known: new Map(), result: { files: [], failed: [] }, told: new Set() }));
  const store = gate ? AcceptanceStore.forPerson(options.env) : undefined;
  const decisions = store?.stamp() ?? "none";
  // a folder too full to read: one line in the HUD and one for the person, said once
  const skipped: CustomSection[] = [];
  const skips: string[] = [];
  const found = discoverComponents(roots, (root, reason) => {
    const label = root.display(root.dir);
    skips.push(`${root.dir}\0${reason}`);
    skipped.push(failedSection(`${root.scope} component folder`, label, reason));
    if (!cache.told.has(skips.at(-1)!)) gate?.notify(`agent-hud: ${label}: ${reason}`);
    cache.told.add(skips.at(-1)!);
  });
  const known = new Map<string, Known>();
  let changed = found.length !== cache.known.size || skips.join("\0\0") !== cache.skips;
  for (const file of found) {
    const stamp = stampOf(file.path);
    const previous = cache.known.get(file.path);
    if (previous && previous.stamp === stamp && previous.decisions === decisions) {
      known.set(file.path, previous);
      continue;
    }
    const out = same(previous?.out, evaluate(file, store, cache, gate, previous?.out));
    changed ||= out !== previous?.out;
    known.set(file.path, { stamp, decisions, out });
  }
  if (!changed) return cache.result;
  cache.known = known;
  cache.skips = skips.join("\0\0");
  const outs = [...known.values()].flatMap((k) => (k.out ? [k.out] : []));
  cache.result = {
    files: outs.filter((o): o is FileDefinition => "entry" in o),
    failed: [...skipped, ...outs.filter((o): o is CustomSection => "component" in o)],
  };
  return cache.result;
}

/** The earlier definition when nothing of it moved (a decision on another file rewrote the store). */
function same(previous: Known["out"], next: Known["out"]): Known["out"] {
  if (!previous || !next || !("entry" in previous) || !("entry" in next)) return next;
  return previous.key === next.key && JSON.stringify(previous.place) === JSON.stringify(next.place) ? previous : next;
}

function evaluate(
  file: ComponentFile,
  store: AcceptanceStore | undefined,
  cache: Cache,
  gate: FileGate | undefined,
  previous: Known["out"],
): Known["out"] {
  const label = file.root.display(file.path);
  const read = readComponent(file);
  const tell = (key: string, line: string) => {
    if (cache.told.has(key)) return;
    cache.told.add(key);
    gate?.notify(line);
  };
  // a file refused unread (a link, a hard link, too large) is said to the person too, not only in the HUD
  if (!read.ok && read.refused) tell(`refused\0${file.path}\0${read.error}`, `agent-hud: ${label}: ${read.error}`);
  const verdicts = read.hashes.map((h) => (store ? verdictOf(store, h.path, h.sha256, tell) : "waiting"));
  if (verdicts.includes("rejected")) return undefined;
  if (verdicts.includes("waiting")) {
    const waiting = read.hashes.find((_, i) => verdicts[i] === "waiting")!;
    const name = file.root.display(waiting.path);
    tell(
      `${waiting.path}\0${waiting.sha256}`,
      `agent-hud: ${name} is new or changed and will not reach the agent until you accept it: /hud-edit, or agent-hud components accept ${name} ${shortHash(waiting.sha256)}`,
    );
    return previous && "entry" in previous && previous.label === label ? previous : undefined;
  }
  if (!read.ok) return failedSection(file.name, label, read.error);
  const { meta } = read;
  return {
    key: `${file.path}@${sha256(read.hashes.map((h) => h.sha256).join(":"))}`,
    name: meta.name ?? file.name,
    label,
    source: read.source,
    entry: read.entry,
    helpers: read.helpers,
    place: {
      ...(meta.before ? { before: meta.before } : {}),
      ...(meta.after ? { after: meta.after } : {}),
      ...(meta.priority !== undefined ? { priority: meta.priority } : {}),
      ...(meta.stability ? { stability: meta.stability } : {}),
    },
  };
}

/** A section that renders only its reason for failing (the renderer's isolation shows it as one line). */
export function failedSection(name: string, source: string, reason: string): CustomSection {
  const error = new Error(`failed to load: ${reason}`);
  const component: Component<HudComponentProps> = () => {
    throw error;
  };
  Object.defineProperty(component, "name", { value: name });
  return { name, component, source };
}

/**
 * Changes whenever an editor saves the file, including saves within one clock tick that change its size, and
 * when it gains a second name (a hard link made elsewhere), which makes it unreadable from then on.
 */
function stampOf(path: string): string {
  try {
    const stat = statSync(path);
    return `${Math.trunc(stat.mtimeMs * 1000)}-${stat.size}-${stat.ino}-${stat.nlink}`;
  } catch {
    return "gone";
  }
}

/** Forget what was read (tests; a host that wants a cold reload). */
export function clearFileComponents(): void {
  caches.clear();
}
