import { AcceptanceStore, sha256 } from "../../src/component-files/acceptance.ts";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shellResult } from "../../src/hooks/tool-result.ts";
import { shellFact } from "../../src/host/opencode/tool-facts.ts";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";

/** opencode's bash call as the runtime records it: the host's fact, then the HUD's event. */
const bashResult = (tool: string, args: unknown, result: unknown, at: number, redact?: (text: string) => string) => {
  const fact = shellFact(tool, args, result, at);
  return fact && shellResult(fact, redact);
};

describe("bashResult", () => {
  test("a bash call becomes a tool.result with its command, exit code and output", () => {
    expect(
      bashResult(
        "bash",
        { command: "bun test" },
        { title: "", output: " 3 pass\n 1 fail\n", metadata: { exit: 1, output: "x" } },
        5,
      ),
    ).toEqual({
      kind: "tool.result",
      tool: "bash",
      command: "bun test",
      exit: 1,
      output: " 3 pass\n 1 fail\n",
      at: 5,
    });
  });

  test("only the tail of a long output is kept, and a missing or odd exit code is left out", () => {
    const event = bashResult(
      "bash",
      { command: "make" },
      { output: `${"x".repeat(5_000)}\nBUILD OK`, metadata: { exit: "0" } },
      1,
    )!;
    expect(event).not.toHaveProperty("exit");
    expect((event as { output: string }).output).toHaveLength(1_000);
    expect((event as { output: string }).output).toEndWith("\nBUILD OK");
  });

  test("other tools and bash calls without any output text record nothing", () => {
    expect(bashResult("read", { filePath: "a.ts" }, { output: "text" }, 1)).toBeUndefined();
    expect(bashResult("bash", { command: "ls" }, undefined, 1)).toBeUndefined();
    expect(bashResult("bash", { command: "ls" }, { output: { nested: true }, metadata: null }, 1)).toBeUndefined();
    expect(bashResult("bash", { command: null }, { output: "", metadata: { output: "from metadata" } }, 1)).toEqual({
      kind: "tool.result",
      tool: "bash",
      output: "",
      at: 1,
    });
    expect(bashResult("bash", null, { metadata: { output: "from metadata", exit: 0 } }, 1)).toEqual({
      kind: "tool.result",
      tool: "bash",
      exit: 0,
      output: "from metadata",
      at: 1,
    });
  });
});

describe("tool.execute.after records bash results", () => {
  let oc: FakeOpencode;
  beforeEach(async () => {
    oc = await fakeOpencode();
  });
  afterEach(() => oc.close());

  test("a custom component reading state.toolResults shows the latest bash output in the next HUD", async () => {
    const hudDir = join(oc.directory, ".opencode", "hud");
    mkdirSync(hudDir, { recursive: true });
    const file = join(hudDir, "LastBash.tsx");
    const source = `export default ({ state }) => {
  const last = state.toolResults.at(-1);
  return last ? <paragraph><strong>Last bash</strong> {last.command} exited {last.exit}: {last.output.trim().split("\\n").at(-1).trim()}</paragraph> : null;
};
`;
    writeFileSync(file, source);
    // written after the plugin started: it runs only once the person has accepted it
    AcceptanceStore.forPerson().record([{ path: file, sha256: sha256(source), decision: "accepted", at: 1 }]);
    const messages = [oc.user("ses_a", "run the tests")];
    expect(tailText(await oc.transform(messages), messages)).not.toContain("Last bash");
    await oc.hooks["tool.execute.after"](
      { tool: "bash", sessionID: "ses_a", callID: "c1", args: { command: "bun test" } },
      { title: "bun test", output: " 12 pass\n 1 fail\n", metadata: { exit: 1 } },
    );
    expect(tailText(await oc.transform(messages), messages)).toContain("**Last bash** bun test exited 1: 1 fail");
    expect(await oc.hud("ses_a", "history")).toContain(
      'tool.result tool=bash command=bun test exit=1 output=" 12 pass\\n 1 fail\\n"',
    );
  });
});
