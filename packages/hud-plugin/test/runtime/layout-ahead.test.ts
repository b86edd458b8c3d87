// After a state change the next HUD is laid out in the background, so the LLM call takes the stable part from
// the memo instead of rebuilding it on its own path.
import { afterEach, expect, spyOn, test } from "bun:test";
import { clearRenderMemo, layoutOf } from "@agent-hud/hud-components/internal";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../../src/config/index.ts";
import { rendersSettled } from "../../src/agent-components/registry.ts";
import { HudRuntime, type Rendered } from "../../src/runtime/hud-runtime.ts";
import type { EventLog } from "../../src/store/ports.ts";
import { memoryEventLog } from "../helpers/memory-event-log.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function runtime(storedRendersOnly: boolean): HudRuntime {
  const root = mkdtempSync(join(tmpdir(), "hud-layout-ahead-"));
  dirs.push(root);
  const store = memoryEventLog();
  return new HudRuntime({
    store,
    config: defaultConfig,
    log: { log() {}, once() {} },
    directory: root,
    projectKey: "0123456789abcdef",
    now: () => 1,
    ...(storedRendersOnly ? { storedRendersOnly } : {}),
  });
}

const note = (content: string) => [{ scope: "session" as const, event: { kind: "note.add" as const, at: 1, content } }];

test("a burst of state changes is laid out once, after the last, and the call takes that stable part", async () => {
  // background work left by earlier tests' runtimes renders too, and could push this one's out of the memo
  await rendersSettled();
  const hud = runtime(false);
  const session = hud.session("ses_a");
  await hud.renderCall(session);
  const renders = spyOn(hud, "render");
  try {
    hud.record(session, note("first"));
    hud.record(session, note("second"));
    hud.record(session, note("third"));
    await rendersSettled();
    expect(renders).toHaveBeenCalledTimes(1);
    const ahead = renders.mock.results[0]!.value as Rendered;
    expect(ahead.result.markdown).toContain("third");
    const call = (await hud.renderCall(session))!;
    // the memoised stable part is the very layout rendered ahead, not a rebuild of it
    expect(layoutOf(call)!.stable).toBe(layoutOf(ahead.result)!.stable);
    clearRenderMemo();
    expect(call.markdown).toBe(hud.render(session)!.result.markdown);
  } finally {
    renders.mockRestore();
    hud.dispose();
  }
});

test("a process that lives for one hook lays nothing out ahead", async () => {
  const hud = runtime(true);
  const session = hud.session("ses_a");
  const renders = spyOn(hud, "render");
  try {
    hud.record(session, note("first"));
    await rendersSettled();
    expect(renders).toHaveBeenCalledTimes(0);
    expect((await hud.renderCall(session))!.markdown).toContain("first");
  } finally {
    renders.mockRestore();
    hud.dispose();
  }
});
