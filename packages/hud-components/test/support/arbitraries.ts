import fc from "fast-check";
import type { EventOf, HudEvent, HudEventKind } from "../../src/index.ts";

const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
  fc.constantFrom(
    "   ",
    "# heading?",
    "```js",
    "| a | b |",
    "- [ ] fake",
    "<script>x</script>",
    "line\nbreak",
    "<|endoftext|>",
  ),
);
const id = fc.oneof(
  fc
    .constantFrom("n", "d", "s", "b", "pn", "pd", "ps", "c", "k")
    .chain((p) => fc.integer({ min: 1, max: 30 }).map((n) => `${p}${n}`)),
  fc.string({ minLength: 1, maxLength: 4 }),
);
const path = fc.constantFrom(
  "src/a.ts",
  "src/b.ts",
  "README.md",
  "packages/x/y.tsx",
  "ünïcode/файл.ts",
  ...Array.from({ length: 20 }, (_, i) => `f${i}.ts`),
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops keys whose value is undefined: the event schemas use optional keys, never explicit undefined. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const componentName = fc.constantFrom("Checklist", "Failing", "B2");
const memoryKey = fc.constantFrom("@0000001", "@0000002", "@00000zz");
const memoryLine = fc
  .record({
    section: fc.constantFrom(
      "conventions" as const,
      "keyfiles" as const,
      "decisions" as const,
      "notes" as const,
      "steps" as const,
    ),
    key: memoryKey,
    text,
    done: optional(fc.boolean()),
  })
  .map(defined);

type Body<K extends HudEventKind> = Omit<EventOf<K>, "kind" | "at" | "by">;

/**
 * One generator per event kind. The mapped type makes a new kind in `HudEvent` a compile error here until
 * it has a generator; test/event-arbitraries.test.ts checks at run time that every kind is produced.
 */
export const eventBodies: { [K in HudEventKind]: fc.Arbitrary<Body<K>> } = {
  "task.set": text.map((description) => ({ description })),
  "task.update": text.map((description) => ({ description })),
  "task.clear": fc.constant({}),
  "decision.record": fc.record({ summary: text, details: optional(text) }).map(defined),
  "decision.remove": id.map((i) => ({ id: i })),
  "note.add": text.map((content) => ({ content })),
  "note.update": fc.record({ id, content: text }),
  "note.remove": id.map((i) => ({ id: i })),
  "step.add": text.map((description) => ({ description })),
  "step.complete": id.map((i) => ({ id: i })),
  "step.reorder": fc.array(id, { maxLength: 4 }).map((ids) => ({ ids })),
  "blocker.add": text.map((description) => ({ description })),
  "blocker.remove": id.map((i) => ({ id: i })),
  "file.open": fc.record({ path, action: optional(fc.constantFrom("read" as const, "edit" as const)) }).map(defined),
  "file.edit": path.map((p) => ({ path: p })),
  "file.close": path.map((p) => ({ path: p })),
  "todo.sync": fc
    .array(
      fc.record({
        id: fc.string(),
        content: text,
        status: fc.constantFrom("pending" as const, "in_progress" as const, "completed" as const, "cancelled" as const),
      }),
      { maxLength: 5 },
    )
    .map((todos) => ({ todos })),
  "context.snapshot": fc
    .tuple(fc.nat(300_000), fc.integer({ min: 1, max: 300_000 }))
    .map(([usedTokens, usableTokens]) => ({ usedTokens, usableTokens })),
  "compact.before": fc.constant({}),
  "compact.after": text.map((summary) => ({ summary })),
  "session.link": fc.constantFrom("ses_parent", "ses_other").map((parentID) => ({ parentID })),
  "convention.add": text.map((content) => ({ content })),
  "convention.remove": id.map((i) => ({ id: i })),
  "keyfile.add": fc.record({ path, note: optional(text) }).map(defined),
  "keyfile.remove": id.map((i) => ({ id: i })),
  resume: fc
    .record({ task: optional(text), steps: fc.array(text, { maxLength: 3 }) })
    .map((r) => defined({ fromSessionID: "ses_prev", ...r })),
  "resume.dismiss": fc.constant({}),
  turn: fc.constant({}),
  "tool.result": fc
    .record({
      tool: fc.constantFrom("bash", "read", "edit"),
      command: optional(fc.constantFrom("bun test", "ls -la", "git status")),
      exit: optional(fc.integer({ min: 0, max: 255 })),
      output: fc.string({ maxLength: 200 }),
    })
    .map(defined),
  "memory.sync": fc
    .record({
      add: optional(fc.array(memoryLine, { maxLength: 3 })),
      update: optional(fc.array(memoryLine, { maxLength: 2 })),
      remove: optional(fc.array(memoryKey, { maxLength: 2 })),
      problem: optional(text),
      hash: fc.constantFrom("h0", "h1"),
    })
    .map((r) => defined({ ...r, items: {} })),
  "component.define": fc
    .record({
      name: componentName,
      source: fc.constantFrom(
        "export default function A() { return <paragraph>a</paragraph>; }",
        "export default () => null;",
      ),
      after: optional(fc.constantFrom("steps", "task")),
      priority: optional(fc.integer({ min: 0, max: 1000 })),
    })
    .map(defined),
  "component.remove": componentName.map((name) => ({ name })),
  "component.disable": fc.record({ name: componentName, reason: fc.constantFrom("timed out after 20 ms", "threw x") }),
};

const by = optional(fc.constantFrom("agent" as const, "person" as const, "memory-file" as const));
const kinds = Object.keys(eventBodies) as HudEventKind[];

export const eventArb: fc.Arbitrary<HudEvent> = fc
  .tuple(fc.integer({ min: 0, max: 1e6 }), by, fc.constantFrom(...kinds))
  .chain(([at, source, kind]) =>
    (eventBodies[kind] as fc.Arbitrary<object>).map(
      (body) => defined({ kind, at, by: source, ...body }) as unknown as HudEvent,
    ),
  );

/**
 * `size: "max"` lets lengths spread over the whole range: fast-check's default size keeps arrays at about ten
 * events whatever `maxLength` says, which is below every section cap.
 */
export const eventsArb = (maxLength = 80) => fc.array(eventArb, { maxLength, size: "max" });

const adding: HudEventKind[] = [
  "decision.record",
  "note.add",
  "step.add",
  "blocker.add",
  "file.open",
  "file.edit",
  "convention.add",
  "keyfile.add",
];
const addingArb: fc.Arbitrary<HudEvent> = fc
  .tuple(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom(...adding))
  .chain(([at, kind]) =>
    (eventBodies[kind] as fc.Arbitrary<object>).map((body) => defined({ kind, at, ...body }) as unknown as HudEvent),
  );

/**
 * Logs long and add-heavy enough that every section cap is exceeded in most runs (29 kinds drawn evenly add
 * about five notes per 150 events, far from the cap of 20); the other kinds still come in between.
 */
export const crowdedEventsArb = (minLength = 120, maxLength = 260) =>
  fc.array(fc.oneof({ arbitrary: addingArb, weight: 3 }, { arbitrary: eventArb, weight: 1 }), {
    minLength,
    maxLength,
    size: "max",
  });
