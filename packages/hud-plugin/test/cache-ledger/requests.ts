// Requests as opencode 1.x hands them to the hooks (trimmed to the fields that reach the provider), and the
// evidence the plugin records of them.
import { hashSystem, hashText, type Evidence } from "../../src/cache-ledger/index.ts";
import { hashV1Messages } from "../../src/host/v1/message-hashes.ts";

export const PREAMBLE = "agent-hud preamble: the HUD arrives at the end of the request";
export const OWN = new Set([PREAMBLE]);

type Part = Record<string, unknown>;
export type Message = { info: { role: string; id: string }; parts: Part[] };

const text = (t: string): Part => ({ type: "text", text: t, id: `prt_${t.length}`, time: { start: 1, end: 2 } });
const tool = (callID: string, output: string): Part => ({
  type: "tool",
  tool: "read",
  callID,
  state: { status: "completed", input: { filePath: "src/a.ts" }, output, time: { start: 1, end: 2 } },
});

export const user = (id: string, t: string): Message => ({ info: { role: "user", id }, parts: [text(t)] });
export const assistant = (id: string, ...parts: Part[]): Message => ({
  info: { role: "assistant", id },
  parts: [{ type: "step-start" }, ...parts, { type: "step-finish", tokens: { input: 1 } }],
});
export { text, tool };

export const conversation: Message[] = [
  user("msg_1", "fix the failing test"),
  assistant("msg_2", text("Reading the test."), tool("call_1", "export const a = 1;")),
  user("msg_3", "also update the docs"),
];

export function evidence(
  at: number,
  system: string[] | undefined,
  messages: Message[] | undefined,
  tools?: string,
): Evidence {
  return {
    at,
    // the V1 host records the parts its hook saw and, once answered, the system prompt as sent
    ...(system ? { system: hashSystem(system, OWN), systemSent: hashText(system.join("\n")) } : {}),
    ...(messages ? { messages: hashV1Messages(messages) } : {}),
    ...(tools !== undefined ? { tools } : {}),
  };
}
