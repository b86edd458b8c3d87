import { runCli, type CliIO } from "../../src/cli/main.ts";

/** Runs the CLI in-process with `io`, its output captured: the exit code and what it wrote to each stream. */
export async function captureCli(io: Omit<CliIO, "out" | "err">): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli({ ...io, out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join(""), err: err.join("") };
}
