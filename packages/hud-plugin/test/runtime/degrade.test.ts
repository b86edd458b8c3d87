import { expect, test } from "bun:test";
import type { HudEvent } from "@agent-hud/hud-components";
import { defaultConfig } from "../../src/config/index.ts";
import type { Logger } from "../../src/log/index.ts";
import { HudRuntime } from "../../src/runtime/hud-runtime.ts";
import type { EventLog } from "../../src/store/ports.ts";
import { memoryEventLog } from "../helpers/memory-event-log.ts";

// "/p" is not a real project: nothing may be written there
const noMemoryFile = { ...defaultConfig, memoryFile: { enabled: false, git: "share" as const } };

test("when rendering fails the last good HUD is reused and the failure is logged once", () => {
  const events: Array<{ seq: number; event: HudEvent }> = [];
  let broken = false;
  const store: EventLog = {
    append(_stream, batch) {
      return batch.map((event) => events.push({ seq: events.length + 1, event }));
    },
    read(stream, afterSeq = 0) {
      if (broken) throw new Error("disk on fire");
      return stream.startsWith("session:") ? events.filter((e) => e.seq > afterSeq) : [];
    },
    touchSession() {},
    recentSessions: () => [],
  };
  const logged: string[] = [];
  const log: Logger = { log: (_l, m) => void logged.push(m), once: (_k, _l, m) => void logged.push(m) };
  const runtime = new HudRuntime({
    store,
    config: noMemoryFile,
    log,
    directory: "/p",
    projectKey: "0123456789abcdef",
    now: () => 1,
  });
  const session = runtime.session("ses_a");
  runtime.record(session, [{ scope: "session", event: { kind: "task.set", at: 1, description: "Keep me visible" } }]);
  const good = runtime.keep(session, runtime.render(session)!);
  expect(good.markdown).toContain("Keep me visible");
  broken = true;
  expect(runtime.render(session)?.result).toBe(good);
  expect(logged.some((m) => m.includes("render failed") && m.includes("disk on fire"))).toBe(true);
});

test("with no good HUD yet a failing render yields none, not an exception", () => {
  const store: EventLog = {
    append: () => [],
    read() {
      throw new Error("unreadable");
    },
    touchSession() {},
    recentSessions: () => [],
  };
  const log: Logger = { log() {}, once() {} };
  const runtime = new HudRuntime({
    store,
    config: noMemoryFile,
    log,
    directory: "/p",
    projectKey: "0123456789abcdef",
    now: () => 1,
  });
  expect(runtime.render(runtime.session("ses_a"))).toBeUndefined();
});

test("sessions evicted from memory come back from the store intact", () => {
  const store = memoryEventLog();
  const log: Logger = { log() {}, once() {} };
  const runtime = new HudRuntime({
    store,
    config: noMemoryFile,
    log,
    directory: "/p",
    projectKey: "0123456789abcdef",
    now: () => 1,
  });
  const first = runtime.session("ses_first");
  runtime.record(first, [{ scope: "session", event: { kind: "task.set", at: 1, description: "Survive eviction" } }]);
  for (let i = 0; i < 300; i++) runtime.session(`ses_${i}`);
  const again = runtime.session("ses_first");
  expect(again).not.toBe(first);
  expect(runtime.view(again).session.task?.description).toBe("Survive eviction");
  expect(runtime.session("ses_first")).toBe(again);
});
