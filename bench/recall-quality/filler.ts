// Everyday coding-agent turns built from the facts' word pools: asks, tool calls with real-looking
// outputs (listings, test runs, diffs, JSON, grep), replies, compaction summaries and HUD events.
import { APPS, DIRS, ENVS, FEATURES, NAMES, NOUNS, STORES, VERBS } from "./vocab.ts";
import { camel, type Rng } from "./random.ts";
import { said, tool, type Item } from "./types.ts";

// the facts' words, never a fact's exact path or function name: those name their answer alone
const path = (r: Rng) => `apps/${r.pick(APPS)}/src/${r.pick(DIRS)}/${r.pick(NAMES)}-${r.pick(NOUNS)}.ts`;
const fn = (r: Rng) => camel([r.pick(VERBS)[0], r.pick(NOUNS)]);

const TURNS: Array<(r: Rng) => Item[]> = [
  (r) => {
    const dir = `apps/${r.pick(APPS)}/src/${r.pick(DIRS)}`;
    const files = r
      .shuffle(NAMES)
      .slice(0, 6)
      .flatMap((n) => [`${n}.ts`, `${n}.test.ts`]);
    return [said("user", `what's in ${dir}?`), tool("bash", { command: `ls ${dir}` }, files.join("\n"))];
  },
  (r) => {
    const name = r.pick(NAMES);
    const out = `bun test v1.1.38\n\npackages/db/test/${name}.test.ts:\n✓ ${name} > ${r.pick(VERBS)[0]}s a ${r.pick(NOUNS)} [${r.int(1, 40)}.12ms]\n✓ ${name} > handles an empty ${r.pick(NOUNS)} [0.9ms]\n\n 2 pass\n 0 fail\nRan 2 tests across 1 files. [${r.int(60, 400)}.00ms]`;
    return [
      tool("bash", { command: `bun test packages/db/test/${name}.test.ts` }, out),
      said("assistant", `The ${name} tests pass.`),
    ];
  },
  (r) => {
    const p = path(r);
    const f = fn(r);
    const diff = `diff --git a/${p} b/${p}\n--- a/${p}\n+++ b/${p}\n@@ -${r.int(1, 80)},6 +${r.int(1, 80)},7 @@\n-  const ${r.pick(NOUNS)} = await ${f}(input);\n+  const ${r.pick(NOUNS)} = await ${f}(input, { timeoutMs: ${r.int(1, 9)}000 });\n   return next();`;
    return [tool("bash", { command: `git diff ${p}` }, diff)];
  },
  (r) => {
    const lines = Array.from(
      { length: 5 },
      () =>
        `${r.int(0x1000000, 0xfffffff).toString(16)} ${r.pick(["fix", "feat", "chore", "refactor"])}(${r.pick(NAMES)}): ${r.pick(VERBS)[0]} ${r.pick(NOUNS)}s in ${r.pick(FEATURES).toLowerCase()}`,
    );
    return [tool("bash", { command: "git log --oneline -5" }, lines.join("\n"))];
  },
  (r) => {
    const name = r.pick(NAMES);
    const json = JSON.stringify(
      {
        name: `@acme/${name}`,
        version: `1.${r.int(0, 20)}.${r.int(0, 9)}`,
        scripts: { test: "bun test", build: "tsc -b" },
        dependencies: { [r.pick(STORES).id]: `^${r.int(1, 9)}.0.0`, zod: "^3.22.0" },
      },
      null,
      2,
    );
    return [tool("read", { filePath: `packages/${name}/package.json` }, json)];
  },
  (r) => {
    const f = fn(r);
    const hits = Array.from(
      { length: r.int(2, 5) },
      () => `${path(r)}:${r.int(1, 300)}:  const ${r.pick(NOUNS)} = ${f}(${r.pick(NOUNS)});`,
    );
    return [tool("grep", { pattern: f, path: "apps" }, hits.join("\n"))];
  },
  (r) => [
    said(
      "user",
      `${r.pick(["can you", "please", "now"])} ${r.pick(VERBS)[0]} the ${r.pick(NOUNS)} handling in ${r.pick(NAMES)} for ${r.pick(ENVS)}`,
    ),
    said(
      "assistant",
      `I'll look at ${path(r)} first, then run the tests. The ${r.pick(NOUNS)} logic touches ${r.pick(FEATURES)} too.`,
    ),
  ],
  (r) => [
    said(
      "assistant",
      `Checked the ${r.pick(ENVS)} ${r.pick(STORES).id} config: the connection settings match ${r.pick(ENVS)}, ports and timeouts unchanged.`,
    ),
  ],
  (r) => [
    { event: { kind: "step.add", at: 0, text: `${r.pick(VERBS)[0]} ${r.pick(NOUNS)}s in ${r.pick(NAMES)}` } },
    {
      event: {
        kind: "note.add",
        at: 0,
        content: `${r.pick(FEATURES)} touches ${path(r)}; test with ${r.pick(ENVS)} data`,
      },
    },
  ],
];

export function codingFiller(r: Rng): Item[] {
  return r.pick(TURNS)(r);
}

/** A compaction's summary: the topics of the work so far, without its exact values. */
export function summary(r: Rng): Item {
  const topics = Array.from({ length: 4 }, () => `${r.pick(FEATURES)} in ${path(r)}`);
  return {
    role: "assistant",
    summary: true,
    part: {
      type: "text",
      text: `Summary of the work so far:\n- ${topics.join("\n- ")}\n- the ${r.pick(ENVS)} ${r.pick(STORES).id} was checked\nNext: keep going with the tests.`,
    },
  };
}
