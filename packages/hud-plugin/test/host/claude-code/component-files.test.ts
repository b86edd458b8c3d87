// A Claude Code hook that runs on its own (before the session's MCP server is up, or when its git root is
// not the server's) never evaluates a component file and starts no sandbox: it shows the renders the
// server stored. A file whose module code would write a marker never writes it.
import { afterAll, expect, spyOn, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rendersSettled } from "../../../src/agent-components/registry.ts";
import { SandboxProcess } from "../../../src/agent-components/sandbox-client.ts";
import { AcceptanceStore, sha256 } from "../../../src/component-files/acceptance.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { relaxTimeLimits } from "../../agent-components/support.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});
const marking = (marker: string) => `const fs = typeof require === "function" ? require("node:fs") : undefined;
fs?.writeFileSync(${JSON.stringify(marker)}, "ran");
globalThis.Bun?.write?.(${JSON.stringify(marker)}, "ran");
export default () => <paragraph>marking component rendered</paragraph>;
`;
const undo = relaxTimeLimits();
afterAll(() => undo());

test("a hook on its own evaluates no component file and starts no sandbox; it shows what the server stored", async () => {
  const s = claudeSession();
  const marker = join(s.root, "component-ran");
  const file = join(s.project, ".opencode", "hud", "Marking.tsx");
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, marking(marker));
  AcceptanceStore.forPerson().record([{ path: file, sha256: sha256(readFileSync(file)), decision: "accepted", at: 1 }]);
  s.user("start");
  const calls = spyOn(SandboxProcess.prototype, "renderAll");
  try {
    // before any server: the session's first hook, in its own process
    const first = await handleHook(s.input("SessionStart", { source: "startup" }), log);
    expect(first?.text).toContain("<agent-hud>");
    expect(first?.text).not.toContain("marking component rendered");
    await rendersSettled();
    expect(calls).toHaveBeenCalledTimes(0);
  } finally {
    calls.mockRestore();
  }
  // the session's server renders it in its sandbox and keeps the render
  const server = openHud({ directory: s.project, worktree: s.project, log })!;
  const session = server.deps.runtime.session(s.sessionID);
  await server.deps.runtime.renderCall(session);
  await rendersSettled();
  expect((await server.deps.runtime.renderCall(session))?.markdown).toContain("marking component rendered");
  server.dispose();
  const again = spyOn(SandboxProcess.prototype, "renderAll");
  try {
    const resumed = await handleHook(s.input("SessionStart", { source: "resume" }), log);
    expect(resumed?.text).toContain("marking component rendered");
    await rendersSettled();
    expect(again).toHaveBeenCalledTimes(0);
  } finally {
    again.mockRestore();
  }
  expect(existsSync(marker)).toBe(false);
});
