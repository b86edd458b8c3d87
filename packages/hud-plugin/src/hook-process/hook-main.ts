// The process a host runs for each hook. It must never block or fail the turn: any error, a timeout or a
// broken database ends it with exit code 0 and no output, and one line in the host's hook log. The runtime
// is imported only after stdin is read (by `inProcess`), so a malformed call costs no more than that.
import { readSync } from "node:fs";
import { forward } from "./forward.ts";
import { HOOK_JIT_FLAG, HOOK_JIT_MARK } from "./plugin-files.ts";

/** Past this the hook gives up on its own, inside every host's hook timeout. */
const DEADLINE_MS = 8_000;

export type HookProcess<Reply> = {
  /** The host's own folder, where the session's MCP server listens. */
  folder: string;
  logLine(line: string): void;
  /** What goes on without the HUD when the hook gives up: `the turn`, `the call`. */
  goesOn: string;
  /** No MCP server listens for the session (not started yet, or gone): the hook opens the runtime itself. */
  inProcess(input: Record<string, unknown>): Promise<Reply | undefined>;
  /** What the host reads on stdout for a reply. */
  output(reply: Reply): string;
  /** The last step before the exit. */
  atExit?(): void;
};

export async function runHookProcess<Reply>(hook: HookProcess<Reply>): Promise<void> {
  // the launcher turned the JIT off for this process only: what it starts (the agent components' sandbox)
  // starts as bun does
  if (process.env[HOOK_JIT_MARK] === "1") {
    delete process.env[HOOK_JIT_MARK];
    delete process.env[HOOK_JIT_FLAG];
  }
  const timer = setTimeout(() => {
    hook.logLine(`hook timed out; ${hook.goesOn} went on without the HUD`);
    process.exit(0);
  }, DEADLINE_MS);
  try {
    const { raw, input } = await readInput();
    // the session's MCP server has the runtime open and runs hooks one at a time: a hook it takes costs a
    // socket round trip, and two hooks of parallel tool calls never write the session's record at once
    const forwarded = await forward<Reply>(raw, hook.folder);
    if (forwarded?.error) hook.logLine(`hook failed in the hud MCP server: ${forwarded.error}`);
    const reply = forwarded ? forwarded.reply : await hook.inProcess(input);
    // a pipe takes the write later: exit only once it is through, or the host reads half a line
    if (reply) await Bun.write(Bun.stdout, hook.output(reply));
  } catch (error) {
    hook.logLine(`hook failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  hook.atExit?.();
  process.exit(0);
}

/**
 * The host's one JSON object from stdin, and its text. Read synchronously: a process waiting on its event
 * loop for input runs garbage collections meanwhile (~1.5 ms of a cold hook's CPU, on a heap the exit frees
 * anyway). The read ends at the end of input or as soon as what came parses as the whole object, so a host
 * that keeps stdin open costs no wait (one that sends nothing and keeps it open is ended by its own hook
 * timeout: the deadline's timer cannot fire during the read). A descriptor in non-blocking mode has the rest
 * read by Bun's own stdin (`process.stdin` would load node's stream machinery, which costs a first hook more
 * than the read).
 */
async function readInput(): Promise<{ raw: string; input: Record<string, unknown> }> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const chunk = new Uint8Array(65_536);
    let n: number;
    try {
      n = readSync(0, chunk);
    } catch (error) {
      if ((error as { code?: string }).code !== "EAGAIN") throw error;
      chunks.push(new Uint8Array(await Bun.stdin.arrayBuffer()));
      break;
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    if (endsObject(chunk, n)) {
      const raw = Buffer.concat(chunks).toString("utf8");
      const input = whole(raw);
      if (input) return { raw, input };
    }
  }
  const raw = Buffer.concat(chunks).toString("utf8");
  return { raw, input: parseInput(raw) };
}

/** Whether a chunk ends in `}` (then trailing whitespace): where the host's object may be complete. */
function endsObject(chunk: Uint8Array, n: number): boolean {
  let at = n - 1;
  while (at >= 0 && (chunk[at] === 0x20 || chunk[at] === 0x0a || chunk[at] === 0x0d || chunk[at] === 0x09)) at--;
  return at >= 0 && chunk[at] === 0x7d;
}

/** The object, once the text is all of it; undefined while it is cut short. */
function whole(raw: string): Record<string, unknown> | undefined {
  try {
    return parseInput(raw);
  } catch {
    return undefined;
  }
}

/** Every host sends one JSON object; anything else (null, an array, a number) is refused before a runtime opens. */
function parseInput(raw: string): Record<string, unknown> {
  const input = JSON.parse(raw) as unknown;
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new Error("the hook input is not a JSON object");
  return input as Record<string, unknown>;
}
