import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

const oneLine = (text: string) => text.trim().split("\n").length === 1;

test("bad hud args: the one-line error reaches the model as the tool result and state is unchanged", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [hud("notes.add", { content: "keep me" })] },
    { toolCalls: [hud("notes.add", { text: "wrong field" })] },
    { toolCalls: [hud("notes.ad", { content: "typo op" })] },
    { toolCalls: [hud("notes.remove", { id: "n99" })] },
    { toolCalls: [{ name: "hud", args: { tool: 42 } }] },
    { text: "ok" },
  );
  await server.prompt(session.id, "try things");
  const requests = llm.agentRequests();
  const results = requests.slice(2).map((r) => toolResults(r).at(-1)!);
  expect(results).toHaveLength(4);
  for (const result of results) {
    expect(oneLine(result.replace(/^Error:\s*/, ""))).toBe(true);
    expect(result).not.toContain("ok:");
  }
  expect(results[0]).toContain("content");
  expect(results[1]).toContain("notes.add");
  expect(results[2]).toContain("n99");
  // no zod in front of the router: the router itself answers a call whose operation name is not a string
  expect(results[3]).toContain('missing operation name in "tool"');
  const huds = requests.slice(1).map((r) => tailHud(r)!);
  const noteLines = (h: string) => h.split("\n").filter((l) => /keep me|wrong field|typo op/.test(l));
  for (const h of huds) expect(noteLines(h)).toEqual(noteLines(huds[0]!));
  expect(huds.at(-1)).toContain("keep me");
  const snapshot = await server.messages(session.id);
  const toolParts = snapshot.flatMap((m) => m.parts).filter((p) => p.type === "tool" && p.tool === "hud");
  expect(toolParts.map((p) => p.state?.status)).toEqual(["completed", "error", "error", "error", "error"]);
});
