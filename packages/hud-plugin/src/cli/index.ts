#!/usr/bin/env bun
// `agent-hud`: the HUD of a project's latest session (or a given one) outside opencode's TUI.
import { runCli } from "./main.ts";

const controller = new AbortController();
process.on("SIGINT", () => controller.abort());
const code = await runCli({
  argv: process.argv.slice(2),
  cwd: process.env.PWD ?? process.cwd(),
  columns: process.stdout.columns,
  tty: process.stdout.isTTY === true,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  signal: controller.signal,
});
process.exit(code);
