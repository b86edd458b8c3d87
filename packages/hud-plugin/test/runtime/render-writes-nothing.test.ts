// `HudRuntime.render` (and `view`) only read: a changed memory file reaches the project log through the
// sync step the hosts call before a call's render (`syncMemoryFile`), never through a render.
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../../src/config/index.ts";
import type { Logger } from "../../src/log/index.ts";
import { HudRuntime } from "../../src/runtime/hud-runtime.ts";
import type { EventLog } from "../../src/store/ports.ts";
import { memoryEventLog } from "../helpers/memory-event-log.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test("render and view write nothing when memory.md changed; the sync step writes it once", async () => {
  const root = mkdtempSync(join(tmpdir(), "hud-render-writes-"));
  dirs.push(root);
  mkdirSync(join(root, ".opencode/hud"), { recursive: true });
  const file = join(root, ".opencode/hud/memory.md");
  writeFileSync(file, "# Project memory\n\n## Conventions\n\n- tests use bun test\n");
  const appended: string[] = [];
  const store = memoryEventLog((stream, event) => appended.push(`${stream} ${event.kind}`));
  const log: Logger = { log() {}, once() {} };
  const runtime = new HudRuntime({
    store,
    config: defaultConfig,
    log,
    directory: root,
    projectKey: "0123456789abcdef",
    now: () => 1,
  });
  const session = runtime.session("ses_a");
  await runtime.syncMemoryFile();
  expect(appended).toEqual(["project:0123456789abcdef memory.sync"]);
  expect(runtime.render(session)!.result.markdown).toContain("tests use bun test");

  // a person's edit: reading the state and rendering it leave the log as it was
  writeFileSync(file, "# Project memory\n\n## Conventions\n\n- tests use bun test --coverage\n");
  appended.length = 0;
  runtime.view(session);
  expect(runtime.render(session)!.result.markdown).not.toContain("--coverage");
  expect(await runtime.renderCall(session)).toBeDefined();
  expect(appended.filter((a) => a.startsWith("project:"))).toEqual([]);
  await runtime.syncMemoryFile();
  expect(appended.filter((a) => a.startsWith("project:"))).toEqual(["project:0123456789abcdef memory.sync"]);
  expect(runtime.render(session)!.result.markdown).toContain("tests use bun test --coverage");
  runtime.dispose();
});
