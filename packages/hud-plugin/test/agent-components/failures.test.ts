import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { AgentComponents } from "../../src/agent-components/registry.ts";
import { SandboxProcess, timing } from "../../src/agent-components/sandbox-client.ts";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { relaxTimeLimits } from "./support.ts";

let oc: FakeOpencode;
let undo: () => void;
beforeEach(async () => {
  // a component fails here because it throws, never because the machine was busy
  undo = relaxTimeLimits();
  oc = await fakeOpencode();
});
afterEach(async () => {
  await oc.close();
  undo();
});

const fragile = `export default function Fragile({ state }) {
  if (state.notes.some((n) => n.content === "boom")) throw new Error("boom");
  return <paragraph><strong>Notes seen</strong> {state.notes.length}</paragraph>;
}`;

async function hud(): Promise<string> {
  const messages = [oc.user("ses_a", "go")];
  return tailText(await oc.transform(messages), messages) ?? "";
}

describe("a failing agent component", () => {
  test("shows its last good output and one line; after 2 failures among its last 10 renders it is off, said once with how to switch it back on", async () => {
    await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile });
    expect(await hud()).toContain("**Notes seen** 0");
    await oc.hud("ses_a", "notes.add", { content: "boom" });
    const failing = await hud();
    expect(failing).toContain("**Notes seen** 0");
    expect(failing).toContain(
      "**⚠ agent component failed** Fragile: Error: boom (in Fragile) (showing its last good output)",
    );
    // the second failure (the render after the tool call) switched it off in the log: the next HUD says so
    // once, later ones leave it out
    await oc.hud("ses_a", "notes.add", { content: "boom" });
    const told = await hud();
    expect(told).toContain(
      "**⚠ agent component switched off** Fragile failed 2 of its last 10 renders (last: Error: boom (in Fragile)); define it again, fixed, to switch it back on (components.define), or drop it (components.remove)",
    );
    expect(told).not.toContain("**Notes seen**");
    const after = await hud();
    expect(after).not.toContain("Fragile");
    expect(await oc.hud("ses_a", "components.list")).toContain(
      "Fragile (session) — after the built-in sections, priority 50",
    );
    expect(await oc.hud("ses_a", "history")).toContain("component.disable name=Fragile reason=Error: boom");
    // defining it again switches it back on
    await oc.hud("ses_a", "notes.remove", { id: "n1" });
    await oc.hud("ses_a", "notes.remove", { id: "n2" });
    await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile });
    expect(await hud()).toContain("**Notes seen** 0");
  });

  test("one that fails now and then is switched off too: 2 failures among its last 10 renders, good ones between", async () => {
    await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile });
    const huds: string[] = [];
    for (let i = 1; i <= 2; i++) {
      await oc.hud("ses_a", "notes.add", { content: "boom" });
      huds.push(await hud());
      await oc.hud("ses_a", "notes.remove", { id: `n${i}` });
      huds.push(await hud());
    }
    // a good render came between the failures, and still switched off at the second
    expect(huds[1]).toContain("**Notes seen** 0");
    expect(huds[1]).not.toContain("switched off");
    expect(huds.join("\n")).toContain("**⚠ agent component switched off** Fragile failed 2 of its last 10 renders");
    expect(await oc.hud("ses_a", "history")).toContain("component.disable name=Fragile reason=Error: boom");
  });

  test("an unchanged state costs no sandbox call; a changed one costs one, at the density the HUD uses only", async () => {
    await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile });
    await hud();
    const calls = spyOn(SandboxProcess.prototype, "renderAll");
    try {
      await hud();
      await hud();
      expect(calls).toHaveBeenCalledTimes(0);
      await oc.hud("ses_a", "notes.add", { content: "fine" });
      expect(await hud()).toContain("**Notes seen** 1");
      expect(calls).toHaveBeenCalledTimes(1);
      expect(calls.mock.calls[0]![0].map((r) => r.densities)).toEqual([["full"]]);
    } finally {
      calls.mockRestore();
    }
  });

  test("a state change no component can see (another component defined) costs no sandbox call", async () => {
    await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile });
    expect(await hud()).toContain("**Notes seen** 0");
    const calls = spyOn(SandboxProcess.prototype, "renderAll");
    try {
      const other = "export default () => <paragraph><strong>Other</strong> here</paragraph>;";
      await oc.hud("ses_a", "components.define", { name: "Other", source: other });
      // the define's own check is the one sandbox call; Fragile's props are unchanged, so it is not rendered
      const text = await hud();
      expect(text).toContain("**Notes seen** 0");
      expect(text).toContain("**Other** here");
      expect(calls.mock.calls.map((call) => call[0].map((r) => r.key.split(":")[2]))).toEqual([["Other"]]);
      await oc.hud("ses_a", "notes.add", { content: "fine" });
      expect(await hud()).toContain("**Notes seen** 1");
      expect(calls).toHaveBeenCalledTimes(2);
    } finally {
      calls.mockRestore();
    }
  });

  test("a section the budget fitter stepped down is rendered ahead at that density too, so the next call has it fresh", async () => {
    const big = `export default function Big({ state, density }) {
  if (density === "full") return <paragraph>{"wordy ".repeat(2000)}</paragraph>;
  return <paragraph><strong>Big {density}</strong> {state.notes.length}</paragraph>;
}`;
    await oc.hud("ses_a", "components.define", { name: "Big", source: big, priority: 0 });
    expect(await hud()).toContain("**Big compact** 0");
    const calls = spyOn(SandboxProcess.prototype, "renderAll");
    try {
      await oc.hud("ses_a", "notes.add", { content: "fine" });
      const text = await hud();
      expect(text).toContain("**Big compact** 1");
      expect(text).not.toContain("wordy");
      // one render ahead of the call: the HUD's own density and those the fitter asked for before
      expect(calls).toHaveBeenCalledTimes(1);
      expect(calls.mock.calls[0]![0][0]!.densities).toEqual(expect.arrayContaining(["full", "compact"]));
    } finally {
      calls.mockRestore();
    }
  });

  test("a definition that loops forever is refused at define time and nothing is recorded", async () => {
    undo();
    undo = relaxTimeLimits({ render: "real" });
    await oc.hud("ses_a", "notes.add", { content: "kept" });
    const loop = "export default function Spin() { for (;;); }";
    const error = await oc
      .hud("ses_a", "components.define", { name: "Spin", source: loop })
      .catch((e: Error) => e.message);
    expect(error).toBe("components.define: Spin failed its first render at full density: took longer than 20 ms");
    expect(await oc.hud("ses_a", "components.list")).toStartWith("components: none");
    expect(await hud()).toContain("kept");
  });

  test("a definition that runs out of time is tried once more before it is refused; other failures are not", async () => {
    undo();
    undo = relaxTimeLimits({ render: "real" });
    const opens = spyOn(AgentComponents.prototype, "check");
    try {
      const loop = "export default function Spin() { for (;;); }";
      await oc.hud("ses_a", "components.define", { name: "Spin", source: loop }).catch(() => {});
      expect(opens).toHaveBeenCalledTimes(2);
      opens.mockClear();
      const thrower = "export default function Boom() { throw new Error('took longer than you think'); }";
      const error = await oc
        .hud("ses_a", "components.define", { name: "Boom", source: thrower })
        .catch((e: Error) => e.message);
      expect(error).toBe(
        "components.define: Boom failed its first render at full density: Error: took longer than you think (in Boom)",
      );
      expect(opens).toHaveBeenCalledTimes(1);
    } finally {
      opens.mockRestore();
    }
  });

  test("a valid definition whose first try met a busy machine (a time-out) is defined on the second", async () => {
    const renderAll = SandboxProcess.prototype.renderAll;
    let tries = 0;
    // the first try gets a 0 ms load limit: what a machine too busy to run the module in time looks like
    const opens = spyOn(SandboxProcess.prototype, "renderAll").mockImplementation(async function (
      this: SandboxProcess,
      requests,
      ms,
    ) {
      const loadMs = timing.loadMs;
      if (tries++ === 0) timing.loadMs = 0;
      try {
        return await renderAll.call(this, requests, ms);
      } finally {
        timing.loadMs = loadMs;
      }
    });
    try {
      expect(await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile })).toStartWith(
        "ok: defined component Fragile (session)",
      );
      expect(opens).toHaveBeenCalledTimes(2);
      expect(await hud()).toContain("**Notes seen** 0");
    } finally {
      opens.mockRestore();
    }
  });

  test("components.show gives the source and the last output; remove takes it out of the next HUD", async () => {
    await oc.hud("ses_a", "components.define", { name: "Fragile", source: fragile, scope: "project", priority: 70 });
    await hud();
    const shown = await oc.hud("ses_a", "components.show", { name: "Fragile" });
    expect(shown).toBe(`Fragile (project)\nsource:\n${fragile}\nlast output:\n**Notes seen** 0`);
    expect(await oc.hud("ses_a", "components.remove", { name: "Fragile" })).toBe("ok: removed component Fragile");
    expect(await hud()).not.toContain("Notes seen");
  });
});
