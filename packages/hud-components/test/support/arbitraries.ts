import fc from "fast-check";
import type { HudEvent } from "../../src/index.ts";

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

export const eventArb: fc.Arbitrary<HudEvent> = fc.integer({ min: 0, max: 1e6 }).chain((at) =>
  fc.oneof(
    text.map((description): HudEvent => ({ kind: "task.set", at, description })),
    text.map((description): HudEvent => ({ kind: "task.update", at, description })),
    fc.constant<HudEvent>({ kind: "task.clear", at }),
    fc
      .tuple(text, fc.option(text, { nil: undefined }))
      .map(([summary, details]): HudEvent =>
        details === undefined
          ? { kind: "decision.record", at, summary }
          : { kind: "decision.record", at, summary, details },
      ),
    id.map((i): HudEvent => ({ kind: "decision.remove", at, id: i })),
    text.map((content): HudEvent => ({ kind: "note.add", at, content })),
    fc.tuple(id, text).map(([i, content]): HudEvent => ({ kind: "note.update", at, id: i, content })),
    id.map((i): HudEvent => ({ kind: "note.remove", at, id: i })),
    text.map((description): HudEvent => ({ kind: "step.add", at, description })),
    id.map((i): HudEvent => ({ kind: "step.complete", at, id: i })),
    fc.array(id, { maxLength: 4 }).map((ids): HudEvent => ({ kind: "step.reorder", at, ids })),
    text.map((description): HudEvent => ({ kind: "blocker.add", at, description })),
    id.map((i): HudEvent => ({ kind: "blocker.remove", at, id: i })),
    path.map((p): HudEvent => ({ kind: "file.open", at, path: p })),
    path.map((p): HudEvent => ({ kind: "file.edit", at, path: p })),
    path.map((p): HudEvent => ({ kind: "file.close", at, path: p })),
    fc
      .array(
        fc.record({
          id: fc.string(),
          content: text,
          status: fc.constantFrom("pending", "in_progress", "completed", "cancelled") as fc.Arbitrary<"pending">,
        }),
        { maxLength: 5 },
      )
      .map((todos): HudEvent => ({ kind: "todo.sync", at, todos })),
    fc.constant<HudEvent>({ kind: "compact.before", at }),
    text.map((summary): HudEvent => ({ kind: "compact.after", at, summary })),
    fc.constant<HudEvent>({ kind: "turn", at }),
    fc.constant<HudEvent>({ kind: "context.snapshot", at, usedTokens: 100, usableTokens: 1000 }),
    text.map((content): HudEvent => ({ kind: "convention.add", at, content })),
    id.map((i): HudEvent => ({ kind: "convention.remove", at, id: i })),
    path.map((p): HudEvent => ({ kind: "keyfile.add", at, path: p })),
    fc
      .tuple(fc.option(text, { nil: undefined }), fc.array(text, { maxLength: 3 }))
      .map(([task, steps]): HudEvent =>
        task === undefined
          ? { kind: "resume", at, fromSessionID: "ses_prev", steps }
          : { kind: "resume", at, fromSessionID: "ses_prev", task, steps },
      ),
  ),
);

export const eventsArb = (maxLength = 80) => fc.array(eventArb, { maxLength });
