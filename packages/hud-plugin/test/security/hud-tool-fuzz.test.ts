// The `hud` tool under random input, through the plugin's real execute path and a real store: random
// operation names (valid, near-miss, hostile, not strings), random argument shapes and types, text from
// empty to 1 MB with unicode and control characters. After every call: the result is a success or ONE
// error line; the stored state changed only if the call succeeded with a mutating operation; section and
// length caps hold; the HUD that the next LLM call carries stays within its density's token budget (plus the
// default estimate's margin for random text).
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import {
  applyEvent,
  defaultBudgets,
  defaultCaps,
  defaultLengths,
  emptyState,
  ESTIMATE_MARGIN,
  operationCatalog,
  type Density,
  type HudEvent,
  type HudState,
} from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { EventStore, projectKeyFor } from "../../src/store/index.ts";
import { HUD_CLOSE, HUD_OPEN } from "../../src/placement/wrap-hud.ts";
import { tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { startPlugin, tempRoot } from "../reliability/support.ts";
import { Refusal } from "../../src/log/refusal.ts";

// Sized by what the run must reach, asserted at the end: every operation of the catalog called by its exact
// name at least PER_OPERATION times (each is one name of 36 in the 80% of calls that pick a name: about 33
// calls each at 1,500 runs, sd 5.7, the fewest of the 36 near 21; 5 is almost five sd below the mean), and
// at least one input over 100 KB (about 10 per run, so none is one run in 20,000).
const RUNS = 1_500;
const PER_OPERATION = 5;
const HUGE = 1;
const SESSION = "ses_fuzz01";
const MB = 1 << 20;
const names = operationCatalog.map((o) => o.name);
const mutating = new Set(operationCatalog.filter((o) => o.mutating).map((o) => o.name));

/** The state as the database holds it, folded incrementally by a second connection (like another process). */
class Mirror {
  private seq = 0;
  state: HudState;
  events = 0;
  constructor(
    private readonly store: EventStore,
    readonly stream: string,
    scope: "session" | "project",
  ) {
    this.state = emptyState(scope);
  }
  catchUp(): this {
    for (const entry of this.store.read(this.stream, this.seq)) {
      this.state = applyEvent(this.state, entry.event as HudEvent).state;
      this.seq = entry.seq;
      this.events++;
    }
    return this;
  }
}

let root: ReturnType<typeof tempRoot>;
let oc: FakeOpencode;
let reader: EventStore;
let session: Mirror;
let project: Mirror;
let calls = 0;

beforeAll(async () => {
  root = tempRoot("hud-fuzz-");
  oc = await startPlugin(root.storeDir);
  reader = EventStore.open({ dir: root.storeDir, log: () => {} });
  session = new Mirror(reader, `session:${SESSION}`, "session");
  project = new Mirror(reader, `project:${projectKeyFor(oc.directory)}`, "project");
  await oc.system(SESSION); // the model's limits, as opencode's first call provides them
});
afterAll(async () => {
  reader?.close();
  await oc?.close();
  root?.cleanup();
});

// --- generators -------------------------------------------------------------------------------------

const CONTROL = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 20,
});
const HOSTILE = fc.constantFrom(
  "# Task",
  "```\nfence",
  "| a | b |\n|---|---|",
  "- [ ] x",
  "<script>alert(1)</script>",
  "</agent-hud>",
  "\u0000",
  "\u202e",
  "'; DROP TABLE events;--",
  "../../etc/passwd",
  "😀".repeat(50),
);

/** Text from empty to 1 MB: mostly short, some long, a few huge. */
const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 30, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 15, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 10, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 10, arbitrary: CONTROL },
  { weight: 10, arbitrary: HOSTILE },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }), fc.integer({ min: 100, max: 5_000 }))
      .map(([u, n]) => u.repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("x", "é", "😀", "\n", "#|`"), fc.integer({ min: 1, max: MB }))
      .map(([u, n]) => u.repeat(Math.ceil(n / u.length)).slice(0, n)),
  },
);

const id = fc.oneof(
  fc.constantFrom(
    "t",
    "n1",
    "n2",
    "n3",
    "n5",
    "n20",
    "d1",
    "d2",
    "s1",
    "s2",
    "s3",
    "b1",
    "b2",
    "f1",
    "pn1",
    "pd1",
    "ps1",
    "c1",
    "k1",
    "n0",
    "n-1",
  ),
  fc.string({ maxLength: 40 }),
  HOSTILE,
);

const anyValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  text,
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(text, { maxLength: 3 }),
);

/** Values for each argument name the operations use; wrong types and ranges included. */
const valueFor: Record<string, fc.Arbitrary<unknown>> = {
  id,
  ids: fc.array(id, { minLength: 0, maxLength: 4 }),
  scope: fc.constantFrom("session", "project", "session", "project", "global", ""),
  limit: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double()),
};
const valueOf = (key: string) =>
  fc.oneof({ weight: 9, arbitrary: valueFor[key] ?? text }, { weight: 1, arbitrary: anyValue });

/** Args with the operation's own keys (required ones usually present), sometimes with an unknown key. */
function shapedArgs(name: string): fc.Arbitrary<unknown> {
  const schema = operationCatalog.find((o) => o.name === name)!.args as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const keys = Object.keys(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(k)])), {
    requiredKeys: keys.filter((k) => required.has(k)),
  });
  return fc.oneof(
    { weight: 8, arbitrary: record },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(k)])), { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), CONTROL, HOSTILE), anyValue)
        .map(([r, k, v]) => ({ ...(r as object), [`x${k}`]: v })),
    },
  );
}

const randomArgs = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), CONTROL, HOSTILE), anyValue, { maxKeys: 4 }),
  },
  { weight: 4, arbitrary: anyValue },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const opName = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .constantFrom(...names)
      .chain((n) => fc.constantFrom(` ${n} `, n.toUpperCase(), `${n}s`, n.replace(".", "_"), n.slice(0, -1))),
  },
  { weight: 8, arbitrary: text },
  {
    weight: 6,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.constant(null),
      fc.constant(undefined),
      fc.object({ maxDepth: 1 }),
      fc.array(fc.string(), { maxLength: 2 }),
    ),
  },
);

/** A call: mostly a real operation with args shaped for it, sometimes as a JSON string; else anything. */
const call: fc.Arbitrary<{ tool: unknown; args: unknown }> = fc.oneof(
  {
    weight: 65,
    arbitrary: fc.constantFrom(...names).chain((n) => fc.record({ tool: fc.constant(n), args: shapedArgs(n) })),
  },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom(...names)
      .chain((n) => fc.record({ tool: fc.constant(n), args: shapedArgs(n).map((a) => JSON.stringify(a) ?? "") })),
  },
  {
    weight: 10,
    arbitrary: fc.record({ tool: fc.constantFrom(...names), args: fc.option(randomArgs, { nil: undefined }) }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      tool: opName,
      args: fc.option(fc.oneof(randomArgs, fc.constantFrom(...names).chain(shapedArgs)), { nil: undefined }),
    }),
  },
);

const usage = fc.constantFrom<[Density, number]>(["full", 30], ["compact", 75], ["minimal", 90]);

// --- checks -----------------------------------------------------------------------------------------

function expectCaps(s: HudState): void {
  const caps = defaultCaps;
  expect(s.decisions.length).toBeLessThanOrEqual(caps.decisions);
  expect(s.notes.length).toBeLessThanOrEqual(caps.notes);
  expect(s.steps.length).toBeLessThanOrEqual(caps.steps);
  expect(s.blockers.length).toBeLessThanOrEqual(caps.blockers);
  expect(s.files.length).toBeLessThanOrEqual(caps.files);
  expect(s.conventions.length).toBeLessThanOrEqual(caps.conventions);
  expect(s.keyfiles.length).toBeLessThanOrEqual(caps.keyfiles);
  const L = defaultLengths;
  if (s.task) expect(s.task.description.length).toBeLessThanOrEqual(L.task);
  for (const n of s.notes) expect(n.content.length).toBeLessThanOrEqual(L.note);
  for (const d of s.decisions)
    expect(d.summary.length + (d.details?.length ?? 0)).toBeLessThanOrEqual(L.summary + L.details);
  for (const st of s.steps) expect(st.description.length).toBeLessThanOrEqual(L.step);
  for (const b of s.blockers) expect(b.description.length).toBeLessThanOrEqual(L.blocker);
  for (const c of s.conventions) expect(c.content.length).toBeLessThanOrEqual(L.convention);
  for (const k of s.keyfiles) expect(k.path.length).toBeLessThanOrEqual(L.path);
  const ids = [...s.decisions, ...s.notes, ...s.steps, ...s.blockers, ...s.conventions, ...s.keyfiles].map((i) => i.id);
  expect(new Set(ids).size).toBe(ids.length);
}

/**
 * The default count's margin for text of random characters, which the estimate prices as words (a random
 * mixed-case run like `QsMY>YX3%v` is about three o200k tokens where it estimates one). Text of words, code
 * and paths keeps ESTIMATE_MARGIN (5%, `hud-components/test/token-estimate.test.ts`); over runs of this fuzz
 * the worst HUD was 5.2% over its budget.
 */
const RANDOM_TEXT_MARGIN = 3 * ESTIMATE_MARGIN;

async function render(density: Density, percent: number): Promise<void> {
  const user = oc.user(SESSION, "continue");
  const assistant = oc.assistant(SESSION, Math.round((percent / 100) * 192_000));
  const sent = await oc.transform([user, assistant, oc.user(SESSION, "next")]);
  const tail = tailText(sent, [user, assistant, user]);
  expect(tail).toBeDefined();
  expect(tail!.startsWith(`${HUD_OPEN}\n`) && tail!.endsWith(`\n${HUD_CLOSE}`)).toBe(true);
  const markdown = tail!.slice(HUD_OPEN.length + 1, -(HUD_CLOSE.length + 1));
  // counted with the default estimate: within the budget plus the margin for random text in o200k tokens
  expect(bpeTokenizer.count(markdown)).toBeLessThanOrEqual(defaultBudgets[density] * (1 + RANDOM_TEXT_MARGIN));
}

test(`hud tool fuzz: ${RUNS} random calls through the real tool and store`, async () => {
  const outcomes = { ok: 0, error: 0, mutated: 0 };
  const called = new Map<string, number>(names.map((n) => [n, 0]));
  let huge = 0;
  await fc.assert(
    fc.asyncProperty(call, usage, async ({ tool, args: callArgs }, [density, percent]) => {
      calls++;
      if (typeof tool === "string" && called.has(tool)) called.set(tool, called.get(tool)! + 1);
      if ((JSON.stringify(callArgs ?? null)?.length ?? 0) > 100_000) huge++;
      session.catchUp();
      project.catchUp();
      const before = JSON.stringify([session.state, project.state]);
      const eventsBefore = session.events + project.events;

      let result: { ok: true; text: string } | { ok: false; message: string };
      try {
        const out: unknown = await oc.hud(SESSION, tool, callArgs);
        expect(typeof out).toBe("string");
        result = { ok: true, text: out as string };
      } catch (error) {
        // a refusal, never a crash: random input must not reach a TypeError or any other unplanned throw
        if (!(error instanceof Refusal)) throw new Error(`not a refusal: ${String(error)} for ${JSON.stringify(tool)}`);
        result = { ok: false, message: error.message };
      }

      session.catchUp();
      project.catchUp();
      const changed = JSON.stringify([session.state, project.state]) !== before;
      const appended = session.events + project.events - eventsBefore;
      const name = typeof tool === "string" ? tool.trim() : "";
      if (!result.ok) {
        outcomes.error++;
        expect(result.message.length).toBeGreaterThan(0);
        expect(result.message).not.toContain("\n");
        expect(result.message.length).toBeLessThan(1_000);
        expect(changed).toBe(false);
        // Refused calls log nothing: blank text is rejected by the router, before any event exists.
        expect(appended).toBe(0);
      } else {
        outcomes.ok++;
        expect(names).toContain(name);
        if (mutating.has(name)) {
          expect(result.text).toMatch(/^ok: /);
          expect(result.text).not.toContain("\n");
          expect(appended).toBeGreaterThan(0);
          if (changed) outcomes.mutated++;
        } else {
          expect(changed).toBe(false);
          expect(appended).toBe(0);
        }
      }
      expectCaps(session.state);
      expectCaps(project.state);
      await render(density, percent);
    }),
    { numRuns: RUNS },
  );
  expect(calls).toBeGreaterThanOrEqual(RUNS);
  // the run exercised both paths in earnest, not only errors: with the catalog's read-only and host
  // operations (components.define among them, whose random sources rarely compile) about one call in ten
  // changes the state, so the bar is one in twenty, hundreds of calls each way
  expect(outcomes.error).toBeGreaterThan(RUNS / 20);
  expect(outcomes.mutated).toBeGreaterThan(RUNS / 20);
  const fewest = Math.min(...called.values());
  console.log(`hud tool fuzz: ${JSON.stringify({ ...outcomes, fewest, huge })}`);
  expect([...called].filter(([, n]) => n < PER_OPERATION)).toEqual([]);
  expect(huge).toBeGreaterThanOrEqual(HUGE);
  // The limit only stops a hang: 5,000 calls took 25 s on a quiet machine and about 50 s on a busy one.
}, 600_000);
