import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventStore, type EventStoreOptions, type HudEvent, type LogLevel } from "../../src/store/index.ts";

export const STREAM = "session:ses_test01";
export const FIXTURES = join(import.meta.dir, "fixtures");

export interface Captured {
  level: LogLevel;
  msg: string;
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "hud-store-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Opens a store that logs into an array and retries on every call (no back-off in tests). */
export function openStore(
  dir: string,
  extra: Partial<EventStoreOptions> = {},
): { store: EventStore; logs: Captured[] } {
  const logs: Captured[] = [];
  const store = EventStore.open({ dir, retryAfterMs: 0, log: (level, msg) => logs.push({ level, msg }), ...extra });
  return { store, logs };
}

export function note(i: number, extra: { content?: string } = {}): HudEvent {
  return { kind: "note.add", at: 1_700_000_000_000 + i, content: `note ${i}`, ...extra };
}

/** The text of a note event (the field these tests put their markers in). */
export function text(entry: { event: HudEvent }): string {
  return String((entry.event as { content?: unknown }).content);
}

export function contents(store: EventStore, stream = STREAM): string[] {
  return store.read(stream).map(text);
}

/** Spawns a fixture script with bun and collects its output. */
/** What a fresh store on `dir` reads back from STREAM: [seq, note text] pairs. */
export function reopened(dir: string): Array<[number, string]> {
  const { store } = openStore(dir);
  const rows = store.read(STREAM).map((e): [number, string] => [e.seq, text(e)]);
  store.close();
  return rows;
}

export function spawnFixture(name: string, args: string[]) {
  return Bun.spawn([process.execPath, join(FIXTURES, name), ...args], {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "pipe",
  });
}

/** Resolves with the first stdout line of a spawned process (the fixture's "ready" signal). */
export async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return text.split("\n")[0] ?? "";
}

/**
 * Makes a file or directory really unwritable, even for root (who ignores permission bits): the
 * immutable attribute for root, permission bits otherwise. Returns an undo, or undefined when this
 * machine cannot do it (then the test uses the read-only seam instead).
 */
export function freeze(path: string): (() => void) | undefined {
  const isDir = statSync(path).isDirectory();
  if (process.getuid?.() !== 0) {
    chmodSync(path, isDir ? 0o555 : 0o444);
    return () => chmodSync(path, isDir ? 0o755 : 0o644);
  }
  const set = Bun.spawnSync(["chattr", "+i", path], { stderr: "pipe" });
  if (set.exitCode !== 0) return undefined;
  return () => {
    Bun.spawnSync(["chattr", "-i", path]);
  };
}

/** Whether `freeze` really stops writes into a directory on this machine. */
export function canFreeze(): boolean {
  const { dir, cleanup } = tempDir();
  const undo = freeze(dir);
  let blocked = false;
  try {
    writeFileSync(join(dir, "probe"), "");
  } catch {
    blocked = true;
  }
  undo?.();
  cleanup();
  return blocked;
}

let probed: boolean | undefined;
/** `canFreeze()`, probed once per process; says on stderr when tests will skip or fall back. */
export function freezeWorks(): boolean {
  if (probed === undefined) {
    probed = canFreeze();
    if (!probed) {
      console.warn(
        "read-only tests: this machine cannot make a file unwritable (root without chattr?); they use the forceReadonly test hook or skip, as their names say",
      );
    }
  }
  return probed;
}

/** A read-only test's name, saying whether it gets a really unwritable file or the test hook. */
export function readonlyTestName(name: string): string {
  return freezeWorks()
    ? `${name} (really unwritable file)`
    : `${name} (FALLBACK: forceReadonly test hook, files cannot be made unwritable here)`;
}

/** The name of a test that needs a really unwritable directory and is skipped without one. */
export function freezeOnlyTestName(name: string): string {
  return freezeWorks() ? name : `${name} (SKIPPED: directories cannot be made unwritable here)`;
}

/** `freeze` where the probe said it works: failing here is a broken test machine, not a reason to fall back. */
export function mustFreeze(path: string): () => void {
  const thaw = freeze(path);
  if (!thaw) throw new Error(`freeze(${path}) failed although the probe said this machine can freeze`);
  return thaw;
}
