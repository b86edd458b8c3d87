// The sandbox process keeps one sandbox per key between renders; a request marked `fresh` (a define's
// check) opens the new source under that key instead of rendering the one kept there.
import { afterAll, expect, test } from "bun:test";
import { SandboxProcess, type Answer } from "../../src/agent-components/sandbox-client.ts";
import { RELAXED_MS } from "./support.ts";

const sandbox = new SandboxProcess();
afterAll(() => sandbox.kill());

const says = (word: string) => `export default function C() {\n  return <paragraph>${word}</paragraph>;\n}`;
const props = JSON.stringify({ state: { notes: [] }, project: {} });

/** What the render said, and whether the process opened a sandbox for it (its budget paused meanwhile). */
async function render(source: string, fresh: boolean): Promise<string> {
  const request = { op: "render" as const, key: "fresh-test:C", source, props, densities: ["full" as const] };
  const [answer] = await sandbox.renderAll([{ ...request, ...(fresh ? { fresh } : {}) }], RELAXED_MS);
  const opened = answer!.kind === "done" && answer!.reply.ok && answer!.reply.opened;
  return `${text(answer!)}${opened ? " (opened)" : ""}`;
}

function text(answer: Answer): string {
  if (answer.kind !== "done" || !answer.reply.ok) return `no render: ${JSON.stringify(answer)}`;
  return answer.reply.outputs.map((o) => (o.ok ? o.json : o.error)).join();
}

test("a fresh request renders its own source under a kept key; a plain one renders the sandbox kept there", async () => {
  expect(await render(says("first"), false)).toMatch(/first.*\(opened\)$/);
  // without `fresh` the kept sandbox answers, whatever source the request carries
  expect(await render(says("second"), false)).toMatch(/first(?!.*opened)/);
  // a define's check of a new source under the same key: the new source, opened fresh (and said so, so
  // the call's budget pauses while it opens)
  expect(await render(says("third"), true)).toMatch(/third.*\(opened\)$/);
  // and it is what is kept from then on
  expect(await render(says("fourth"), false)).toMatch(/third(?!.*opened)/);
});
