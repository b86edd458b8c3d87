import { readAll, statusLine } from "../host/claude-code/statusline.ts";
import type { CliIO } from "./main.ts";

/** `agent-hud statusline`: the line a Claude Code `statusLine` setting shows; always exits 0. */
export async function runStatusline(io: CliIO & { stdin?: () => Promise<string> }): Promise<number> {
  const json = await (io.stdin ?? (() => readAll(process.stdin)))();
  io.out(`${statusLine(json, io.env ?? process.env, io.columns ?? 120)}\n`);
  return 0;
}
