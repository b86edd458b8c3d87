// Prefix breaks with the plugin equal those of Claude Code without it: the same scripted session runs twice
// side by side, and every main-loop call is checked for re-sending the previous call whole (Claude Code's
// rolling cache_control marker ignored), which is what a provider's prompt cache needs.
import { afterAll, expect, test } from "bun:test";
import type { Reply } from "../../harness/fake-anthropic.ts";
import { prefixUnits, sharedPrefix, type RecordedRequest } from "../../harness/fake-anthropic.ts";
import { fullCopies, mainLoop, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";

const envs: ClaudeHud[] = [];
afterAll(() => Promise.all(envs.map((env) => env.stop())));

/** Indexes of the calls that do not start with the whole previous call. */
function breaks(requests: RecordedRequest[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < requests.length; i++) {
    const previous = prefixUnits(requests[i - 1]!.body);
    if (sharedPrefix(prefixUnits(requests[i]!.body), previous) < previous.length) out.push(i);
  }
  return out;
}

function script(dir: string): Reply[] {
  return [
    { toolUses: [{ name: "Bash", input: { command: "echo hi", description: "say hi" } }] },
    { toolUses: [{ name: "Read", input: { file_path: `${dir}/README.md` } }] },
    { text: "first answer" },
    { toolUses: [{ name: "Write", input: { file_path: `${dir}/notes.txt`, content: "todo\n" } }] },
    {
      toolUses: [
        { name: "Bash", input: { command: "ls", description: "list files" } },
        { name: "Read", input: { file_path: `${dir}/notes.txt` } },
      ],
    },
    { text: "second answer" },
    { text: "third answer" },
  ];
}

async function run(pluginDir: string | null | undefined): Promise<RecordedRequest[]> {
  const env = startClaudeHud({ pluginDir });
  envs.push(env);
  env.api.script(...script(env.project.dir));
  for (const prompt of ["look around", "write a note", "thanks"]) await env.session.send(prompt);
  return mainLoop(env.api);
}

test("the plugin adds no prefix break to Claude Code's own", async () => {
  const [withPlugin, without] = await Promise.all([run(undefined), run(null)]);
  expect(withPlugin).toHaveLength(7);
  expect(without).toHaveLength(7);
  // the plugin did append its HUD, so the comparison is not between two empty runs
  expect(fullCopies(withPlugin.at(-1)!)).toBeGreaterThan(0);
  expect(fullCopies(without.at(-1)!)).toBe(0);
  expect(breaks(withPlugin)).toEqual(breaks(without));
  const read = (requests: RecordedRequest[]) =>
    requests.slice(1).reduce((sum, r) => sum + r.usage!.cache_read_input_tokens, 0);
  expect(read(withPlugin)).toBeGreaterThan(0);
});
