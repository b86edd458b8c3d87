import { existsSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { checkSource } from "../agent-components/source-check.ts";
import { resolveHelper } from "../agent-components/sandbox-modules.ts";
import { sha256 } from "./acceptance.ts";
import { readCodeFile } from "./code-files.ts";
import type { ComponentFile } from "./discover.ts";
import { metadataOf, type Metadata } from "./metadata.ts";

/** Helpers one component may import, all together. */
const MAX_HELPERS = 32;

/**
 * A component file as the sandbox receives it: its text and its helpers' (by folder-relative path), read on
 * the host as text and checked as tokens, never evaluated, resolved or compiled here. `hashes` is every file
 * read, with the sha256 of exactly the bytes that will run: what the person's decisions are checked against.
 */
export type ReadComponent =
  | { ok: true; entry: string; source: string; helpers: Record<string, string>; meta: Metadata; hashes: Hashes }
  | { ok: false; error: string; hashes: Hashes; refused?: true };
export type Hashes = Array<{ path: string; sha256: string }>;

export function readComponent(file: ComponentFile): ReadComponent {
  const root = file.root.dir;
  const entry = relative(root, file.path);
  const hashes: Hashes = [];
  const texts = new Map<string, string>();
  const fail = (error: string, refused = false): ReadComponent => ({
    ok: false,
    error,
    hashes,
    ...(refused ? { refused: true as const } : {}),
  });
  const queue: Array<{ rel: string; from?: string }> = [{ rel: entry }];
  while (queue.length) {
    const { rel, from } = queue.shift()!;
    if (texts.has(rel)) continue;
    if (texts.size > MAX_HELPERS) return fail(`it imports more than ${MAX_HELPERS} helpers`);
    const path = join(root, rel);
    let read;
    try {
      read = readCodeFile(root, path);
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      return fail(from ? `cannot read ${rel} (imported by ${from}): ${why}` : `cannot read it: ${why}`, true);
    }
    hashes.push({ path, sha256: sha256(read.bytes) });
    texts.set(rel, read.text);
    const checked = checkSource(read.text, rel === entry ? "file" : "helper");
    if (!checked.ok) return fail(rel === entry ? checked.error : `${rel}: ${checked.error}`);
    for (const spec of checked.imports) {
      if (!spec.startsWith(".")) continue;
      const found = resolveHelper(rel, spec, (candidate) => isFile(join(root, candidate)));
      if (!found) return fail(`cannot find ${spec} from ${rel} inside ${file.root.display(root)}`);
      queue.push({ rel: found, from: rel });
    }
  }
  let meta: Metadata;
  try {
    meta = metadataOf(texts.get(entry)!);
  } catch (error) {
    return fail((error as Error).message);
  }
  const helpers = Object.fromEntries([...texts].filter(([rel]) => rel !== entry));
  return { ok: true, entry, source: texts.get(entry)!, helpers, meta, hashes };
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
