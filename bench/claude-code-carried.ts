// The HUD tokens a Claude Code conversation carries after 100 tool batches that each change the HUD, against
// a full copy every batch. Claude Code's history only grows, so every HUD text a hook appends stays until a
// compaction: what is carried is the session's full copy plus every update. Each batch changes the HUD by the
// agent's own `hud` calls (their results tell the agent, so updates leave them out) and by a file the agent
// read (a derived fact, which the next update says; the file it pushes out of the full list is not named, by
// the rule the full copy states). Target (printed, never asserted): at most one full copy
// plus each changed line once (measured on a twin session given a full copy after every batch).
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadBpeTokenizer } from "@agent-hud/hud-components";
import type { Setup } from "./host-claude-code.ts";

type Hook = (s: Setup, kind: string, extra?: Record<string, unknown>) => Promise<{ out: string }>;
type Call = (args: object) => Promise<unknown>;

const BATCHES = 100;

const contextOf = (out: string) =>
  out
    ? (JSON.parse(out) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext
    : "";

/** A PostToolBatch input's calls: the agent read `path`. */
const readOf = (s: Setup, path: string, i: number) => [
  {
    tool_name: "Read",
    tool_input: { file_path: `${s.project}/${path}` },
    tool_use_id: `toolu_bench_${i}`,
    tool_response: "export {};",
  },
];

export async function carriedTokens(hook: Hook, s: Setup, call: Call): Promise<void> {
  const tokenizer = await loadBpeTokenizer();
  const fullOf = (text: string) => /<agent-hud>[\s\S]*<\/agent-hud>/.exec(text)?.[0] ?? "";
  const carry = async (
    title: string,
    setup: object[],
    change: (i: number) => object[],
    file: (i: number) => string,
  ) => {
    const session = { ...s, sessionID: crypto.randomUUID() };
    // a twin that is given a full copy after every batch: what "a full copy per batch" carries, and which
    // lines each batch changed (by any means, the agent's own calls included)
    const twin = { ...s, sessionID: crypto.randomUUID() };
    const fullAfter = async (at: Setup) =>
      fullOf(contextOf((await hook(at, "SessionStart", { source: "resume" })).out));
    // the server serves the session of the latest hook: start each, fill its HUD, then resume it, so the
    // conversation's one full copy holds the setup and the batches measure the changes alone
    for (const one of [twin, session]) {
      await hook(one, "SessionStart");
      for (const args of setup) await call(args);
    }
    let previous = await fullAfter(twin);
    const first = await fullAfter(session);
    const firstFull = tokenizer.count(first);
    let carried = firstFull;
    let everyBatch = 0;
    let bound = firstFull;
    let left = 0;
    let fulls = 1;
    let updates = 0;
    for (let i = 0; i < BATCHES; i++) {
      const batch = { tool_calls: readOf(s, file(i), i) };
      await hook(twin, "PostToolBatch", batch);
      for (const args of change(i)) await call(args);
      const now = await fullAfter(twin);
      everyBatch += tokenizer.count(now);
      const before = new Set(previous.split("\n"));
      for (const line of now.split("\n")) if (line.trim() && !before.has(line)) bound += tokenizer.count(line);
      const after = new Set(now.split("\n"));
      for (const line of previous.split("\n")) if (line.trim() && !after.has(line)) left += tokenizer.count(line);
      previous = now;
      // back to the measured session: a prompt's hook (nothing changed for it since its last batch), the
      // agent's calls, the batch's hook
      carried += tokenizer.count(contextOf((await hook(session, "UserPromptSubmit")).out));
      for (const args of change(i)) await call(args);
      const text = contextOf((await hook(session, "PostToolBatch", batch)).out);
      carried += tokenizer.count(text);
      if (text.includes("<agent-hud>")) fulls++;
      else if (text) updates++;
    }
    console.log(
      `${title}: ${carried} HUD tokens carried after ${BATCHES} changing batches (o200k; ${fulls} full copy, ${updates} updates); ` +
        `target, one full copy plus each changed line once: ${bound}${carried <= bound ? " (met)" : " (over target)"}` +
        ` (${bound + left} counting a line that left the HUD as changed too); ` +
        `a full copy every batch: ${everyBatch}`,
    );
  };
  const task = { tool: "task.set", args: { description: "stream the exporter" } };
  const notes = Array.from({ length: 8 }, (_, i) => ({
    tool: "notes.add",
    args: { content: `fact ${i}: the exporter writes rows in chunks of ${(i + 1) * 512}` },
  }));
  await carry(
    "growing (a step added and a new file read per batch)",
    [task],
    (i) => [{ tool: "steps.add", args: { description: `write part ${i} of the exporter` } }],
    (i) => `src/part-${i}.ts`,
  );
  await carry(
    "steady (task, 8 notes, 5 steps; per batch one step completed, one added, one of 5 files read)",
    [task, ...notes],
    (i) => [
      { tool: "steps.add", args: { description: `write part ${i} of the exporter` } },
      ...(i >= 5 ? [{ tool: "steps.complete", args: { id: `s${i - 4}` } }] : []),
    ],
    (i) => `src/part-${i % 5}.ts`,
  );
}

/**
 * 100 tool batches that change nothing shown but the context's usage, creeping from about 11% to 30% of the
 * usable context (and the turns): what the Context line's step rule (and the Stale nudge's) leaves to say.
 */
export async function quietTokens(hook: Hook, s: Setup): Promise<void> {
  const tokenizer = await loadBpeTokenizer();
  const transcript = join(s.root, `quiet-${crypto.randomUUID()}.jsonl`);
  writeFileSync(transcript, "");
  const session = { ...s, sessionID: crypto.randomUUID(), transcript };
  let n = 0;
  const line = (type: string, message: object) =>
    appendFileSync(
      transcript,
      `${JSON.stringify({ type, uuid: crypto.randomUUID(), sessionId: session.sessionID, timestamp: new Date(Date.UTC(2026, 10, 26, 12, 0, n++)).toISOString(), message })}\n`,
    );
  const usage = (input: number) => ({
    input_tokens: input,
    output_tokens: 10,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
  });
  line("user", { role: "user", content: "look around" });
  line("assistant", {
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [{ type: "text", text: "looking" }],
    usage: usage(20_000),
  });
  let carried = tokenizer.count(contextOf((await hook(session, "SessionStart")).out));
  let updates = 0;
  let contextLines = 0;
  for (let i = 0; i < BATCHES; i++) {
    const id = `toolu_quiet_${i}`;
    const content = [{ type: "tool_use", id, name: "Bash", input: { command: "true", description: "noop" } }];
    line("assistant", { role: "assistant", model: "claude-sonnet-4-5", content, usage: usage(20_000 + i * 340) });
    line("user", { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "" }] });
    const text = contextOf((await hook(session, "PostToolBatch")).out);
    carried += tokenizer.count(text);
    if (text) updates++;
    if (text.includes("**Context**")) contextLines++;
  }
  console.log(
    `quiet (nothing changes but the usage, 11% to 30%, and the turns): ${carried} HUD tokens carried after ${BATCHES} batches (o200k; ${updates} updates, ${contextLines} of them with a Context line)`,
  );
}
