// Facts of a coding session, each with its answer item, near misses sharing its words, and the queries
// an agent would type for it: keywords, an identifier (error code, function, path, URL, flag), a question
// that paraphrases (other word forms, synonyms) rather than copies the answer.
import { APPS, DIRS, ENVS, ERRORS, FEATURES, NAMES, NOUNS, STORES, VERBS } from "./vocab.ts";
import { camel, type Rng } from "./random.ts";
import { said, tool, type Fact } from "./types.ts";

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function portFacts(r: Rng, n: number): Fact[] {
  const combos = r.shuffle(ENVS.flatMap((env) => STORES.map((store) => ({ env, store })))).slice(0, n);
  return combos.map(({ env, store }) => {
    const port = r.int(1_025, 9_999);
    const compose = `deploy/${env}/compose.yml`;
    const answer = tool(
      "bash",
      { command: `docker compose -f ${compose} ps ${store.id}`, description: `${env} ${store.id} status` },
      `NAME                 IMAGE                 SERVICE   STATUS                   PORTS\n${env}-${store.id}-1   ${store.image}   ${store.id}   Up 3 hours (healthy)   0.0.0.0:${port}->${store.inner}/tcp`,
    );
    const logs = tool(
      "bash",
      { command: `docker compose -f ${compose} logs --tail 3 ${store.id}` },
      `${env}-${store.id}-1  | ${store.id} starting\n${env}-${store.id}-1  | ready to accept connections\n${env}-${store.id}-1  | checkpoint complete`,
    );
    const syn = r.pick(store.syn);
    const question = r.pick([
      `which port did the ${env} ${syn} listen on?`,
      `what port is the ${env} ${syn} exposed on`,
      `how do I connect to the ${syn} in ${env}, which port`,
      `${env} ${syn}: what host port was it mapped to?`,
    ]);
    return {
      answer,
      distractors: [logs, said("user", `is the ${env} ${store.short} up? check the ports too`)],
      queries: [
        { kind: "keyword", text: `${env} ${store.short} port` },
        { kind: "question", text: question },
      ],
    };
  });
}

export function errorFacts(r: Rng, n: number): Fact[] {
  const errors = r.shuffle(ERRORS).slice(0, n);
  return errors.map(([code, message, words], i) => {
    const [verb, verbing] = r.pick(VERBS);
    const [a, b] = r.shuffle(NOUNS);
    const fn = camel([verb, a!, b!]);
    const name = NAMES[i % NAMES.length]!;
    const file = `packages/db/src/${name}/${a}-${b}.ts`;
    const test = `packages/db/test/${name}.test.ts`;
    const line = r.int(20, 240);
    const answer = tool(
      "bash",
      { command: `bun test ${test}`, description: `run the ${name} tests` },
      `bun test v1.1.38\n\n${test}:\n✓ ${name} > returns the first page [3.21ms]\n✗ ${name} > ${verb}s a ${b} at the end of a ${a} [12.40ms]\n\nerror: ${message}\n  code: "${code}"\n      at ${fn} (${file}:${line}:${r.int(3, 40)})\n      at processTicksAndRejections (native:7:39)\n      at ${camel(["handle", name])} (apps/api/src/routes/${name}.ts:${r.int(10, 90)}:11)\n\n 1 pass\n 1 fail\nRan 2 tests across 1 files. [${r.int(80, 900)}.00ms]`,
    );
    const passing = tool(
      "bash",
      { command: `bun test ${test}` },
      `bun test v1.1.38\n\n${test}:\n✓ ${name} > returns the first page [2.80ms]\n✓ ${name} > ${verb}s a ${b} at the end of a ${a} [9.12ms]\n\n 2 pass\n 0 fail\nRan 2 tests across 1 files. [101.00ms]`,
    );
    const nearCode = code.includes("_") ? code.split("_").slice(0, -1).join("_") : `${code}_RETRY`;
    const other = tool(
      "grep",
      { pattern: nearCode, path: "packages" },
      `packages/db/src/errors.ts:${line}:  if (error.code?.startsWith("${nearCode}")) return retry(${a}, ${b});\npackages/db/src/${name}/${b}.ts:12:// ${words} is retried by the caller`,
    );
    const question = r.pick([
      `why did the test for ${verbing} ${a} ${b}s fail?`,
      `what broke when ${verbing} the ${a} ${b} in the ${name} tests`,
      `which error did ${verbing} a ${b} throw?`,
    ]);
    return {
      answer,
      distractors: [passing, other],
      queries: [
        { kind: "identifier", text: i % 2 === 0 ? code : fn },
        { kind: "keyword", text: `${b} ${words}` },
        { kind: "question", text: question },
      ],
    };
  });
}

const CHANGES = [
  {
    did: "stream the F row by row through a cursor instead of building the whole file in memory",
    why: "anything over 200k rows hit the 512 MB heap limit",
    kw: "F memory",
    ask: [
      "why did we stop building the F in memory?",
      "why isn't the F assembled all at once any more",
      "what made us switch the F to streaming",
    ],
  },
  {
    did: "move F to the background job queue instead of running it inside the request",
    why: "requests timed out at the 30 s load balancer limit",
    kw: "F queue",
    ask: [
      "why does F run asynchronously now?",
      "why was F taken out of the request handler",
      "reason F became a background job",
    ],
  },
  {
    did: "put a 10 minute cache in front of F",
    why: "the same inputs were recomputed on every page load",
    kw: "F cache",
    ask: [
      "why are F results kept around for a while",
      "why did we start caching F?",
      "what was the motivation for memoizing F",
    ],
  },
  {
    did: "batch the F writes into one transaction every 500 rows",
    why: "single inserts kept failing with SQLITE_BUSY under load",
    kw: "F batch",
    ask: [
      "why do F inserts get grouped together",
      "why did we start batching writes for F",
      "why are F rows committed in groups",
    ],
  },
  {
    did: "drop the automatic retries for F",
    why: "retries sent duplicate emails to customers",
    kw: "F retries",
    ask: ["why doesn't F retry on failure any more", "why were F retries removed", "why did we turn off retrying F"],
  },
  {
    did: "pin F to a single worker",
    why: "two workers raced and wrote the same file twice",
    kw: "F worker",
    ask: ["why does only one worker handle F", "why is F not run in parallel", "why did we limit F to one process"],
  },
];

export function decisionFacts(r: Rng, n: number): Fact[] {
  const combos = r.shuffle(FEATURES.flatMap((f) => CHANGES.map((c) => ({ f, c })))).slice(0, n);
  return combos.map(({ f, c }, i) => {
    const fill = (s: string) => s.replace("F", f);
    const summary = cap(fill(c.did));
    const answer =
      i % 3 === 0
        ? { event: { kind: "decision.record", at: 0, summary, details: c.why } }
        : said("assistant", `Decision: we'll ${fill(c.did)}, because ${c.why}. I'll update the tests next.`);
    const looked = said(
      "assistant",
      `Looked at ${f} again: the ${r.pick(["logs", "metrics", "tests"])} look fine, nothing to change there yet.`,
    );
    return {
      answer,
      distractors: [looked, said("user", `can you check ${f} before the release?`)],
      queries: [
        { kind: "keyword", text: fill(c.kw).toLowerCase() },
        { kind: "question", text: fill(r.pick(c.ask)) },
      ],
    };
  });
}
