// The resume hint never names a session that is still being worked on (docs/project-memory.md, "Resuming
// the last session"): a session counts as live while the plugin instance that last touched it runs and it
// was active within the idle limit. The hint also goes away on its own after the first calls.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { defaultConfig } from "../../src/config/index.ts";
import { IDLE_LIMIT_MS } from "../../src/runtime/liveness.ts";
import { HudRuntime } from "../../src/runtime/hud-runtime.ts";
import { RESUME_HINT_CALLS } from "../../src/runtime/resume.ts";
import { EventStore, projectKeyFor } from "../../src/store/index.ts";
import { tempDir } from "../store/support.ts";
import { failure, workspace, type Instance, type Workspace } from "./support.ts";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.close());

const TASK = "Move uploads to object storage";
const HINT = `**Resume** last session left "${TASK}" with 1 open step; take it over with \`hud resume\``;
const resumeLines = (hud: string) => hud.split("\n").filter((line) => line.startsWith("**Resume**"));

async function unfinished(oc: Instance, sessionID: string): Promise<void> {
  await oc.hud(sessionID, "task.set", { description: TASK });
  await oc.hud(sessionID, "steps.add", { description: "copy existing files" });
  await oc.hudOf(sessionID);
}

describe("live sessions are never offered", () => {
  test("two sessions side by side in one process: neither is offered the other's task", async () => {
    const oc = await ws.instance("repo");
    await unfinished(oc, "ses_a");
    expect(resumeLines(await oc.hudOf("ses_b"))).toEqual([]);
    await oc.hudOf("ses_a");
    expect(resumeLines(await oc.hudOf("ses_b"))).toEqual([]);
    expect(await failure(oc.hud("ses_b", "resume"))).toBe(
      "resume: no earlier session of this project left a task or open steps",
    );
  });

  test("a session live in another plugin instance is not offered; once that instance stops, it is", async () => {
    const first = await ws.instance("repo");
    await unfinished(first, "ses_a");
    const second = await ws.instance("repo");
    expect(resumeLines(await second.hudOf("ses_b"))).toEqual([]);
    await first.stop();
    expect(resumeLines(await second.hudOf("ses_b"))).toEqual([HINT]);
  });

  test("a session held by another running process is not offered; after that process exits, it is", async () => {
    const projectDir = ws.worktreeDir("repo");
    const oc = await ws.instance("repo");
    const child = Bun.spawn(
      [process.execPath, join(import.meta.dir, "fixtures", "live-session.ts"), ws.storageDir, projectDir, "ses_other"],
      { stdin: "pipe", stdout: "pipe", stderr: "inherit", env: process.env },
    );
    const reader = child.stdout.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.trim()).toBe("live");
    expect(resumeLines(await oc.hudOf("ses_mine"))).toEqual([]);
    child.stdin.end();
    expect(await child.exited).toBe(0);
    expect(resumeLines(await oc.hudOf("ses_mine"))).toEqual([
      '**Resume** last session left "Ship the CSV exporter" with 1 open step; take it over with `hud resume`',
    ]);
    expect(await oc.hud("ses_mine", "resume")).toBe("ok: resumed t, s1 (task and open steps copied into this session)");
  }, 30_000);

  test(`a session idle for the idle limit (${IDLE_LIMIT_MS / 60_000} min) is offered even while its process runs`, () => {
    const { dir, cleanup } = tempDir();
    try {
      const store = EventStore.open({ dir });
      let now = 1_000_000;
      const runtime = () =>
        new HudRuntime({
          store,
          config: defaultConfig,
          log: { log() {}, once() {} },
          directory: "/repo",
          projectKey: projectKeyFor("/repo"),
          now: () => now,
        });
      const busy = runtime();
      const a = busy.session("ses_a");
      busy.record(a, [{ scope: "session", event: { kind: "task.set", at: now, description: TASK } }]);
      busy.noteCall(a);
      busy.flushDeferred();
      const other = runtime();
      const b = other.session("ses_b");
      now += IDLE_LIMIT_MS - 1;
      expect(other.view(b).resume).toBeUndefined();
      now += 1;
      expect(other.view(b).resume).toEqual({ sessionID: "ses_a", task: TASK, openSteps: 0 });
      busy.dispose();
      other.dispose();
      store.close();
    } finally {
      cleanup();
    }
  });
});

describe("the hint goes away", () => {
  async function offered(): Promise<Instance> {
    const old = await ws.instance("repo");
    await unfinished(old, "ses_old");
    await old.stop();
    return ws.instance("repo");
  }

  test(`a session that never sets a task sees it in its first ${RESUME_HINT_CALLS} calls only`, async () => {
    const oc = await offered();
    for (let call = 1; call <= RESUME_HINT_CALLS; call++)
      expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([HINT]);
    expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([]);
    // the offer is gone from the HUD, not the operation
    expect(await oc.hud("ses_new", "resume")).toBe("ok: resumed t, s1 (task and open steps copied into this session)");
  });

  test("resume.dismiss hides it for good; resume still works afterwards", async () => {
    const oc = await offered();
    expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([HINT]);
    expect(await oc.hud("ses_new", "resume.dismiss")).toBe("ok: dismissed the offer to resume");
    expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([]);
    expect(await oc.hud("ses_new", "history")).toContain("resume.dismiss");
    expect(await oc.hud("ses_new", "resume")).toBe("ok: resumed t, s1 (task and open steps copied into this session)");
  });

  test("setting a task hides it", async () => {
    const oc = await offered();
    expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([HINT]);
    await oc.hud("ses_new", "task.set", { description: "something else" });
    expect(resumeLines(await oc.hudOf("ses_new"))).toEqual([]);
  });
});
