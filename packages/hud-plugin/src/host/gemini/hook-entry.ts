// The process Gemini CLI runs for each hook (`hooks/hooks.json`). It must never block or fail the call: any
// error, a timeout or a broken database ends it with exit code 0 and no output, and one line in the hook log.
// It hands the hook to the session's MCP server when one listens; otherwise it opens the runtime itself.
import { forward } from "../../hook-process/forward.ts";
import { hostDir, hostLogLine } from "../../hook-process/host-log.ts";
import type { GeminiReply } from "./handle.ts";
import { HOST_FOLDER } from "./names.ts";

/** Past this the hook gives up on its own, inside the 10 s the extension's hooks.json gives it. */
const DEADLINE_MS = 8_000;

const logLine = (line: string) => hostLogLine(HOST_FOLDER, line);

async function inProcess(input: Record<string, unknown>): Promise<GeminiReply | undefined> {
  const { runInProcess } = await import("./in-process.ts");
  return runInProcess(input, logLine);
}

export async function main(): Promise<void> {
  const timer = setTimeout(() => {
    logLine("hook timed out; the call went on without the HUD");
    process.exit(0);
  }, DEADLINE_MS);
  try {
    const raw = await Bun.stdin.text();
    const input = JSON.parse(raw) as Record<string, unknown>;
    if (typeof input !== "object" || input === null || Array.isArray(input))
      throw new Error("the hook input is not a JSON object");
    const forwarded = await forward<GeminiReply>(raw, hostDir(HOST_FOLDER));
    if (forwarded?.error) logLine(`hook failed in the hud MCP server: ${forwarded.error}`);
    const reply = forwarded ? forwarded.reply : await inProcess(input);
    // a pipe takes the write later: exit only once it is through, or Gemini CLI reads half a line
    if (reply) await Bun.write(Bun.stdout, `${JSON.stringify(reply)}\n`);
  } catch (error) {
    logLine(`hook failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  process.exit(0);
}
