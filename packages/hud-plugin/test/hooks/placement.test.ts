import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

let oc: FakeOpencode;
beforeEach(async () => {
  oc = await fakeOpencode();
});
afterEach(() => oc.close());

describe("system transform", () => {
  test("adds the same preamble on every call and nothing else", async () => {
    const first = await oc.system("ses_a");
    const second = await oc.system("ses_a");
    await oc.hud("ses_a", "task.set", { description: "changes the HUD, not the preamble" });
    const third = await oc.system("ses_a");
    expect(first).toHaveLength(2);
    expect(first[1]).toContain("# Agent HUD");
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(third.join("\n")).not.toContain("changes the HUD");
  });

  test("leaves the title call alone", async () => {
    const title = await oc.system("ses_a", ["You are a title generator. You output ONLY a thread title."]);
    expect(title).toHaveLength(1);
  });
});

describe("messages transform", () => {
  test("appends the HUD as a clone of the latest user message and leaves the rest untouched", async () => {
    const messages = [oc.user("ses_a", "hello"), oc.assistant("ses_a")];
    const sent = await oc.transform(messages);
    expect(sent.slice(0, 2)).toEqual(messages);
    const tail = sent[2]!;
    expect(tail.info).toEqual({ ...messages[0]!.info, id: `${messages[1]!.info.id}hud` });
    expect(tail.parts[0]!.text).toStartWith("<agent-hud>\n");
    expect(tail.parts[0]!.text).toEndWith("\n</agent-hud>");
  });

  test("a hud edit shows in the next transform", async () => {
    const messages = [oc.user("ses_a", "hello")];
    expect(tailText(await oc.transform(messages), messages)).not.toContain("Write the parser");
    expect(await oc.hud("ses_a", "task.set", { description: "Write the parser" })).toBe("ok: set task t");
    expect(tailText(await oc.transform(messages), messages)).toContain("Write the parser");
  });

  test("usage from the request's assistant tokens drives the density", async () => {
    await oc.system("ses_a");
    const low = [oc.user("ses_a", "a"), oc.assistant("ses_a", 10_000)];
    const high = [...low, oc.user("ses_a", "b"), oc.assistant("ses_a", 175_000)];
    const lowHud = tailText(await oc.transform(low), low)!;
    const highHud = tailText(await oc.transform(high), high)!;
    expect(lowHud).toContain("5%");
    expect(highHud).toContain("91%");
    expect(highHud.length).toBeLessThan(lowHud.length);
  });

  test("without a user text message nothing is added; a bad session id is logged, never thrown", async () => {
    const onlyAssistant = [oc.assistant("ses_a")];
    expect(await oc.transform(onlyAssistant)).toEqual(onlyAssistant);
    const hostile = [oc.user("../../etc", "x")];
    expect(await oc.transform(hostile)).toEqual(hostile);
    await Bun.sleep(0);
    expect(oc.logs.some((l) => l.level === "error" && l.message.includes("invalid session id"))).toBe(true);
  });
});

describe("placement: system", () => {
  test("the HUD goes into system[] and no tail message is added", async () => {
    await oc.close();
    oc = await fakeOpencode({ placement: "system" });
    await oc.hud("ses_a", "task.set", { description: "System placed task" });
    const messages = [oc.user("ses_a", "hello")];
    expect(await oc.transform(messages)).toEqual(messages);
    const system = await oc.system("ses_a");
    expect(system).toHaveLength(3);
    expect(system[2]).toContain("System placed task");
  });
});

describe("options", () => {
  test("a bad option is logged once with its path and the plugin runs on defaults", async () => {
    await oc.close();
    oc = await fakeOpencode({ placement: "middle" });
    await Bun.sleep(0);
    const warnings = oc.logs.filter((l) => l.message.includes("placement"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('"tail" | "system"');
    const messages = [oc.user("ses_a", "hello")];
    expect(tailText(await oc.transform(messages), messages)).toBeDefined();
  });
});

describe("model limits", () => {
  test("limits declared in opencode's config apply from the very first request", async () => {
    await oc.hooks.config({
      provider: { fake: { models: { m: { limit: { context: 200_000, output: 8_000 } } } } },
    } as never);
    const messages = [oc.user("ses_new", "hello")];
    expect(tailText(await oc.transform(messages), messages)).toContain("of 192k usable");
  });
});
