// SIMULATION, not an end-to-end test: opencode 2 cannot be installed here, so this drives the built
// plugin bundle through a V2 plugin context made from V2's published types, loader rule and cache policy
// (fake-host.ts, cache-policy.ts; the commits are in README.md). The real V1 binary runs in e2e/test/.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { autoBreakpoints, cachedPrefixEnd } from "./cache-policy.ts";
import { contextEvent, FakeMessage, fakeHost, type FakePart } from "./fake-host.ts";

const root = mkdtempSync(join(tmpdir(), "agent-hud-v2-"));
process.env.XDG_CONFIG_HOME = join(root, "config");
process.env.XDG_DATA_HOME = join(root, "data");
const bundle = join(import.meta.dir, "../../packages/hud-plugin/dist/server.js");

/** V2's loader rule, as its message states it: a default definition with an id and an effect or setup. */
function v2Load(mod: { default?: unknown }) {
  const def = mod.default as { id?: unknown; setup?: unknown; effect?: unknown } | undefined;
  if (!def || typeof def.id !== "string" || (typeof def.setup !== "function" && typeof def.effect !== "function"))
    throw new Error("Plugin must export a default definition with an id and an effect or setup function");
  return def as { id: string; setup: (ctx: unknown) => Promise<(() => Promise<void>) | void> };
}

type Plugin = ReturnType<typeof v2Load>;
let plugin: Plugin;
const project = join(root, "project");
const storage = join(root, "storage");

beforeAll(async () => {
  plugin = v2Load(await import(bundle));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("simulation: opencode 2 loads and sets up agent-hud", () => {
  test("the built module is one definition for both hosts: V2 takes it for its setup, V1 for its server", async () => {
    const mod = (await import(bundle)) as { default: Record<string, unknown> };
    // no named export: V1 would try each one as a plugin function
    expect(Object.keys(mod)).toEqual(["default"]);
    expect(plugin.id).toBe("agent-hud");
    expect(plugin.setup).toBe(mod.default["setup"] as Plugin["setup"]);
    expect(typeof mod.default["server"]).toBe("function");
    // The plugin's own V1 entry alone (the fixture dual-export.test.ts runs in the V1 binary) is refused with
    // V2's message: what V2 accepts above is the plugin's setup, not a rule that takes anything.
    const v1Only = await import("../fixtures/v1-only-plugin.ts");
    expect(typeof v1Only.default.server).toBe("function");
    expect(() => v2Load(v1Only)).toThrow(/setup function/);
  });

  test("a registration-only context (a V1 host's embedded pass) registers nothing and opens no database", async () => {
    const dir = join(root, "registration-only");
    const cleanup = await plugin.setup({ app: { name: "opencode" }, options: { storageDir: dir } });
    expect(cleanup).toBeUndefined();
    expect(() => readdirSync(dir)).toThrow();
  });
});

describe("simulation: one V2 session with the HUD", () => {
  const host = fakeHost(project, { storageDir: storage });
  let cleanup: (() => Promise<void>) | void;
  const S = "ses_v2contract0001";

  beforeAll(async () => {
    require("node:fs").mkdirSync(project, { recursive: true });
    cleanup = await plugin.setup(host.context);
  });
  afterAll(async () => {
    host.close();
    await cleanup?.();
  });

  test("setup registers the context, compaction and execute.after hooks and both tools, outside codemode", () => {
    expect([...host.hooks.keys()].sort()).toEqual(["session.compaction", "session.context", "tool.execute.after"]);
    const hud = host.tools.get("hud")!;
    expect(hud.options).toEqual({ codemode: false });
    expect(hud.input["type"]).toBe("object");
    expect(Object.keys(hud.input["properties"] as object)).toEqual(["tool", "args"]);
    expect(host.tools.get("hud_compact")?.options).toEqual({ codemode: false });
  });

  test("a second setup in the same process for the same directory opens nothing (no second handle)", async () => {
    const again = fakeHost(project, { storageDir: storage });
    expect(await plugin.setup(again.context)).toBeUndefined();
    expect(again.hooks.size).toBe(0);
  });

  test("the tool is callable directly and changes what the next request shows", async () => {
    const hud = host.tools.get("hud")!;
    const out = await hud.execute({ tool: "task.set", args: { description: "Port the CSV export" } }, { sessionID: S });
    expect(out.content).toMatch(/^ok/);
    await expect(hud.execute({ tool: "task.sett", args: {} }, { sessionID: S })).rejects.toThrow(/task\.set/);
  });

  test("20 primary requests: byte-stable system parts, the HUD last, the conversation before it cached", async () => {
    const systems: string[] = [];
    const turns = ["Please port the CSV export"];
    for (let i = 0; i < 20; i++) {
      const e = await host.run("session.context", contextEvent(S, turns));
      const system = e.system as FakePart[];
      systems.push(JSON.stringify(system));
      const messages = e.messages as FakeMessage[];
      const hud = messages.at(-1)!;
      expect(hud).toBeInstanceOf(FakeMessage);
      expect(hud.role).toBe("user");
      expect(hud.content[0]!.text).toContain("<agent-hud>");
      expect(hud.content[0]!.text).toContain("Port the CSV export");
      expect(hud.content[0]!.cache).toBeUndefined();
      expect(messages.length).toBe(turns.length + 1);
      // the message before the HUD carries the pinned hint; V2's policy adds the rest
      expect(messages.at(-2)!.content.at(-1)!.cache).toEqual({ type: "ephemeral" });
      const points = autoBreakpoints(2, system, messages);
      expect(points.length).toBeLessThanOrEqual(4);
      expect(cachedPrefixEnd(points, messages.length - 1)).toBe(messages.length - 2);
      turns.push(i % 2 === 0 ? `answer ${i}` : `question ${i}`);
    }
    expect(new Set(systems).size).toBe(1);
    expect(JSON.parse(systems[0]!).at(-1).text).toContain("HUD");
  });

  test("title and generate requests get nothing", async () => {
    for (const kind of ["title", "generate"]) {
      const e = { ...contextEvent(S, ["hi"]), kind };
      await host.run("session.context", e);
      expect(e.system.length).toBe(1);
      expect(e.messages.length).toBe(1);
    }
  });

  test("usage from session.step.ended (payload under data) reaches the HUD's context line", async () => {
    await host.emit("session.step.ended", {
      sessionID: S,
      assistantMessageID: "msg_v2usage0001",
      finish: "stop",
      cost: 0,
      tokens: { input: 150_000, output: 1_000, reasoning: 0, cache: { read: 0, write: 0 } },
    });
    const e = await host.run("session.context", contextEvent(S, ["next"]));
    const text = (e.messages.at(-1) as FakeMessage).content[0]!.text!;
    const percent = Number(/\*\*Context\*\* (\d+)%/.exec(text)?.[1]);
    expect(percent).toBeGreaterThan(70);
  });

  test("two interleaved sessions: each step's edited files land in the session that named them", async () => {
    const A = "ses_v2interleaveA1";
    const B = "ses_v2interleaveB1";
    const step = (sessionID: string, n: number, files: string[]) =>
      host.emit("session.step.ended", {
        sessionID,
        assistantMessageID: `msg_v2inter${String(n).padStart(4, "0")}`,
        finish: "stop",
        cost: 0,
        tokens: { input: 1_000, output: 10, reasoning: 0, cache: { read: 0, write: 0 } },
        files,
      });
    // A's request makes A the last active session; B's step then ends and names its own file
    await host.run("session.context", contextEvent(A, ["work on a"]));
    await host.run("session.context", contextEvent(B, ["work on b"]));
    await host.run("session.context", contextEvent(A, ["more on a"]));
    await step(B, 1, [join(project, "src/b-only.ts")]);
    await step(A, 2, [join(project, "src/a-only.ts")]);
    // the same file edited by both within the dedupe window counts in each
    await step(B, 3, [join(project, "src/shared.ts")]);
    await step(A, 4, [join(project, "src/shared.ts")]);
    const files = async (sessionID: string) =>
      (await host.tools.get("hud")!.execute({ tool: "files.list", args: {} }, { sessionID })).content;
    const a = await files(A);
    const b = await files(B);
    expect(a).toContain("src/a-only.ts");
    expect(a).toContain("src/shared.ts");
    expect(a).not.toContain("src/b-only.ts");
    expect(b).toContain("src/b-only.ts");
    expect(b).toContain("src/shared.ts");
    expect(b).not.toContain("src/a-only.ts");
  });

  test("a bash call seen by execute.after is recorded; a failed one is not", async () => {
    const run = (status: string, command: string) =>
      host.run("tool.execute.after", {
        tool: "bash",
        sessionID: S,
        agent: "build",
        messageID: "msg_x",
        id: "call_x",
        input: { command },
        status,
        ...(status === "completed" ? { result: { content: "3 passed", metadata: { exit: 0 } } } : {}),
      });
    await run("completed", "bun test export");
    await run("error", "bun test broken");
    const history = await host.tools.get("hud")!.execute({ tool: "history", args: { limit: 5 } }, { sessionID: S });
    expect(history.content).toContain("bun test export");
    expect(history.content).not.toContain("bun test broken");
  });

  test("compaction: the HUD travels in the compaction request; session.compaction.ended records the summary", async () => {
    const c = { ...contextEvent(S, ["long conversation"]), kind: "compaction" as const };
    await host.run("session.compaction", c);
    expect(c.system.at(-1)!.text).toContain("Port the CSV export");
    // while compacting, primary requests get no HUD
    const during = await host.run("session.context", contextEvent(S, ["x"]));
    expect(during.messages.length).toBe(1);
    await host.emit("session.compaction.ended", { sessionID: S, reason: "auto", text: "SUMMARY-OF-V2", recent: "" });
    const list = await host.tools.get("hud")!.execute({ tool: "history", args: { limit: 3 } }, { sessionID: S });
    expect(list.content).toContain("compact");
    const after = await host.run("session.context", contextEvent(S, ["y"]));
    expect(after.messages.length).toBe(2);
  });

  test("hooks never throw into the host: a malformed request is logged and left as it was", async () => {
    const bad = { sessionID: S, kind: "primary", model: undefined, system: undefined, messages: undefined };
    await expect(host.run("session.context", bad)).resolves.toBeDefined();
    await host.emit("session.step.ended", { sessionID: S, tokens: "nonsense" });
  });
});
