// More coding facts: an edit of one exact path, an endpoint's limits as JSON, a deploy flag kept as a HUD note.
import { APPS, DIRS, ENVS, NAMES } from "./vocab.ts";
import type { Rng } from "./random.ts";
import { said, tool, type Fact } from "./types.ts";

const ADDITIONS = [
  {
    what: "pagination",
    code: "const { limit = 50, offset = 0 } = pageParams(req.query);",
    syn: ["paging", "page-by-page results"],
  },
  { what: "rate limiting", code: "app.use(throttle({ perMinute: 120 }));", syn: ["throttling", "a request cap"] },
  {
    what: "an ETag header",
    code: 'res.setHeader("ETag", weakTag(body));',
    syn: ["conditional requests", "cache validation headers"],
  },
  {
    what: "input validation",
    code: "const input = Value.Decode(ReportQuery, req.query);",
    syn: ["schema checks on the input", "checking the request body"],
  },
  {
    what: "soft delete",
    code: "await db.update(rows).set({ deletedAt: new Date() });",
    syn: ["deleting without removing rows", "a deleted_at flag"],
  },
  {
    what: "retry with backoff",
    code: "await retry(send, { attempts: 5, backoffMs: 250 });",
    syn: ["retrying failed calls", "exponential retries"],
  },
  {
    what: "request logging",
    code: 'log.info({ route: req.path, ms }, "request");',
    syn: ["logging each request", "access logs"],
  },
];

export function pathFacts(r: Rng, n: number): Fact[] {
  const combos = r.shuffle(APPS.flatMap((app) => DIRS.flatMap((dir) => NAMES.map((name) => ({ app, dir, name })))));
  return combos.slice(0, n).map(({ app, dir, name }, i) => {
    const add = ADDITIONS[i % ADDITIONS.length]!;
    const path = `apps/${app}/src/${dir}/${name}.ts`;
    const answer = tool(
      "edit",
      {
        filePath: path,
        oldString: "  const rows = await query(sql);",
        newString: `  ${add.code}\n  const rows = await query(sql);`,
      },
      "Edit applied successfully.",
    );
    const sibling = `apps/${app}/src/${dir}/${name}.test.ts`;
    const other = `apps/${APPS[(APPS.indexOf(app) + 1) % APPS.length]}/src/${dir}/${name}.ts`;
    const distractors = [
      tool(
        "read",
        { filePath: sibling },
        `<file>\n00001| import { ${name} } from "./${name}.ts";\n00002| test("${name} ${add.what}", () => {\n00003|   expect(${name}).toBeDefined();\n</file>`,
      ),
      tool(
        "read",
        { filePath: other },
        `<file>\n00001| export async function ${name}(req, res) {\n00002|   const rows = await query(sql);\n00003|   res.json(rows);\n</file>`,
      ),
    ];
    const syn = r.pick(add.syn);
    return {
      answer,
      distractors,
      queries: [
        { kind: "identifier", text: path },
        { kind: "keyword", text: `${app} ${name} ${add.what.replace(/^an? /, "")}` },
        {
          kind: "question",
          text: `which file did we change to add ${syn} to the ${app} ${name} ${dir.replace(/s$/, "")}?`,
        },
      ],
    };
  });
}

export function limitFacts(r: Rng, n: number): Fact[] {
  return r
    .shuffle(NAMES)
    .slice(0, n)
    .map((name) => {
      const perMinute = r.int(2, 60) * 10;
      const answer = tool(
        "bash",
        { command: `curl -s https://api.internal/v1/${name}/limits | jq` },
        JSON.stringify(
          { endpoint: `/v1/${name}`, rateLimit: { perMinute, burst: perMinute / 5 }, timeoutMs: r.int(1, 30) * 1_000 },
          null,
          2,
        ),
      );
      const health = tool(
        "bash",
        { command: `curl -s https://api.internal/v1/${name}/health | jq` },
        JSON.stringify(
          { endpoint: `/v1/${name}`, status: "ok", uptimeSeconds: r.int(100, 90_000), limits: "see /limits" },
          null,
          2,
        ),
      );
      return {
        answer,
        distractors: [health, said("user", `the ${name} endpoint is rate limited somewhere, look into it`)],
        queries: [
          { kind: "identifier", text: `/v1/${name}/limits` },
          { kind: "keyword", text: `${name} rate limit per minute` },
          { kind: "question", text: `how many requests a minute can we send to the ${name} api?` },
        ],
      };
    });
}

const FLAGS = [
  "skip-smoke",
  "no-cache-warm",
  "force-migrate",
  "allow-dirty",
  "pin-region",
  "dry-schema",
  "keep-workers",
  "vpn-ops",
];

export function noteFacts(r: Rng, n: number): Fact[] {
  // one flag per environment, each flag once: the flag alone names its note
  const flags = r.shuffle(FLAGS);
  return r
    .shuffle(ENVS)
    .slice(0, n)
    .map((env, i) => {
      const flag = flags[i % flags.length]!;
      const answer = {
        event: { kind: "note.add", at: 0, content: `deploying to ${env} needs --${flag} on the deploy script` },
      };
      return {
        answer,
        distractors: [
          said("assistant", `Deploying ${env} now with the usual script; the flags are in the notes.`),
          tool(
            "bash",
            { command: `./scripts/deploy.sh ${env} --help` },
            `usage: deploy.sh <env> [--${flag.split("-")[0]}-all] [--verbose]`,
          ),
        ],
        queries: [
          { kind: "identifier", text: `--${flag}` },
          { kind: "keyword", text: `${env} deploy flag` },
          { kind: "question", text: `what option must I pass when I ship to ${env}?` },
        ],
      };
    });
}
