// The critical warning tells the agent to call `hud_compact` only where it can start a compaction: opencode
// 1 (the host gave `summarize`), Claude Code once its mod said hello; never opencode 2 or Claude Code
// without the mod, where the tool only answers that it cannot.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../src/log/index.ts";
import { openHud, type HostStart } from "../../src/runtime/open.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Renders of a session at 95% of a 100k context, from a runtime opened as `host` says. */
function criticalRenders(host: Partial<HostStart> & { onRender?: (i: number) => void }, renders = 1): string[] {
  const root = mkdtempSync(join(tmpdir(), "hud-compact-tool-"));
  dirs.push(root);
  const opened = openHud({
    directory: root,
    worktree: root,
    options: { storageDir: join(root, "data"), recall: { enabled: false } },
    log: createLogger(undefined, () => {}),
    ...(host.summarize ? { summarize: host.summarize } : {}),
    ...(host.compactTool ? { compactTool: host.compactTool } : {}),
  })!;
  try {
    const session = opened.deps.runtime.session("ses_critical");
    session.tracker.setLimits({ context: 100_000, output: 0 });
    session.tracker.record("msg_1", { input: 95_000, output: 0, cacheRead: 0, cacheWrite: 0 }, 1);
    return Array.from({ length: renders }, (_, i) => {
      host.onRender?.(i);
      return opened.deps.runtime.render(session)!.result.markdown;
    });
  } finally {
    opened.dispose();
  }
}

const criticalHud = (host: Partial<HostStart>) => criticalRenders(host)[0]!;

test("a host that can compact on request (summarize given) gets hud_compact in the warning", () => {
  const hud = criticalHud({ summarize: async () => undefined });
  expect(hud).toContain("⚠ Context");
  expect(hud).toContain("hud_compact");
});

test("a host without it (opencode 2) gets the warning with hud alone", () => {
  const hud = criticalHud({});
  expect(hud).toContain("⚠ Context");
  expect(hud).not.toContain("hud_compact");
});

test("the host's own answer wins and is asked at each render (Claude Code: the mod may say hello later)", () => {
  let mod = false;
  const [before, after] = criticalRenders({ compactTool: () => mod, onRender: (i) => (mod = i > 0) }, 2);
  expect(before).not.toContain("hud_compact");
  expect(after).toContain("hud_compact");
});
