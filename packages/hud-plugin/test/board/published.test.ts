import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { terminalText } from "@agent-hud/ujsx";
import { HudBoard } from "../../src/store/index.ts";
import { hudRows } from "../../src/board/sidebar-rows.ts";
import { fakeOpencode, hostTurn, rendersSettled, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
let board: HudBoard;
beforeEach(async () => {
  oc = await fakeOpencode();
  board = HudBoard.open(oc.storageDir);
});
afterEach(async () => {
  board.close();
  await oc.close();
});

const hudOf = (tail: string | undefined) => tail?.replace(/^<agent-hud>\n/, "").replace(/\n<\/agent-hud>$/, "");

describe("what the agent received, for the person's views", () => {
  test("every call records the HUD exactly as placed, with its density, size and context", async () => {
    await oc.system("ses_a");
    await oc.hud("ses_a", "task.set", { description: "Ship the sidebar" });
    const messages = [oc.user("ses_a", "go"), oc.assistant("ses_a", 30_000)];
    const sent = await oc.transform(messages);
    const received = board.latest("ses_a", "received")!;
    expect(received.markdown.trimEnd()).toBe(hudOf(tailText(sent, messages))!);
    expect(received.markdown).toContain("Ship the sidebar");
    expect(received.density).toBe("full");
    expect(received.tokens).toBeGreaterThan(0);
    expect(received.context.usedTokens).toBe(30_000);
    expect(received.context.percent).toBe(15.6);
    expect(board.latest("ses_a", "current")).toEqual(received);
  });

  test("as markdown alone, which the terminal lays out read back into UJSX", async () => {
    await oc.hud("ses_a", "task.set", { description: "One tree, two targets" });
    await oc.hud("ses_a", "steps.add", { description: "lay it out" });
    const messages = [oc.user("ses_a", "go")];
    await oc.transform(messages);
    const received = board.latest("ses_a", "received")!;
    expect(Object.keys(received)).not.toContain("tree");
    const rows = terminalText(hudRows(received, 38));
    expect(rows).toContain("One tree, two targets");
    expect(rows).toContain("lay it out");
    expect(rows).not.toContain("####");
  });

  test("a hud call updates the current render at once; what was received changes on the next call", async () => {
    const messages = [oc.user("ses_a", "go")];
    await oc.transform(messages);
    const before = board.latest("ses_a", "received")!;
    await oc.hud("ses_a", "notes.add", { content: "port 4100" });
    // recorded after the tool returns, so the tool's reply never waits for it
    expect(board.latest("ses_a", "current")!.markdown).not.toContain("port 4100");
    // shown once the render laid out ahead after the change has run
    await rendersSettled();
    await hostTurn();
    expect(board.latest("ses_a", "current")!.markdown).toContain("port 4100");
    expect(board.latest("ses_a", "received")).toEqual(before);
    await oc.transform(messages);
    expect(board.latest("ses_a", "received")!.markdown).toContain("port 4100");
  });
});

describe("the per-session switch", () => {
  test("off: no HUD in the request and no preamble in the system prompt; state is kept and comes back when on", async () => {
    await oc.hud("ses_a", "task.set", { description: "keep me" });
    const messages = [oc.user("ses_a", "go")];
    const systemOn = await oc.system("ses_a");
    expect(tailText(await oc.transform(messages), messages)).toContain("keep me");

    board.setOff("ses_a", true, Date.now());
    // as if the plugin were not installed: the HUD's instructions go with it
    expect(await oc.system("ses_a")).toEqual(systemOn.slice(0, 1));
    const sent = await oc.transform(messages);
    expect(sent).toEqual(messages);
    // the tool still works while off, and its change is there when the HUD is back
    await oc.hud("ses_a", "notes.add", { content: "added while off" });
    expect(tailText(await oc.transform([oc.user("ses_b", "other")]), [oc.user("ses_b", "x")])).toBeDefined();

    board.setOff("ses_a", false, Date.now());
    const back = tailText(await oc.transform(messages), messages);
    expect(back).toContain("keep me");
    expect(back).toContain("added while off");
  });

  test("off with system placement: the HUD and the preamble leave system[]", async () => {
    await oc.close();
    oc = await fakeOpencode({ placement: "system" });
    board.close();
    board = HudBoard.open(oc.storageDir);
    await oc.hud("ses_a", "task.set", { description: "in system" });
    const on = await oc.system("ses_a");
    expect(on.join("\n")).toContain("in system");
    board.setOff("ses_a", true, Date.now());
    const off = await oc.system("ses_a");
    expect(off).toEqual(on.slice(0, 1));
  });
});
