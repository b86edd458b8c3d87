// Hostile input through every entry point of the plugin — tool arguments, the memory file, bus events —
// as random bytes, deep markdown, controls and bidi characters: no hook throws, the HUD carries no control
// character and stays within its budget, and no project item is lost unless a readable file removed it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workspace, type Instance, type Workspace } from "../project/support.ts";

const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Hostile units a file may hold and still be read: no NUL (binary), nothing that nests at a line's start.
const readableUnits = [
  "\x1b[31m",
  "\x1b]52;c;aGk=\x07",
  "\x9b2J",
  "\x85",
  "\u202e",
  "\u2066",
  "# ",
  "```",
  "[a](",
  "`",
  "<agent-hud>",
  "</agent-hud>",
  "|",
  "a",
  "word ",
];
const hostileUnit = fc.constantFrom(...readableUnits, "\x00", "\r", "\n", "\t", "> ", "- ", "  - ", "*");
const hostileText = fc.oneof(
  fc.string({ unit: hostileUnit, minLength: 1, maxLength: 40 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
);
const deepMarkdown = fc.nat({ max: 40 }).map((d) => `${"> ".repeat(d)}${"- ".repeat(d)}deep`);
const readableText = fc.string({ unit: fc.constantFrom(...readableUnits), minLength: 1, maxLength: 40 });
const notesFile = (lines: string[]) => `# Project memory\n\n## Notes\n\n${lines.map((l) => `- ${l}`).join("\n")}\n`;
// Two runs in five get a file built to be read, so its hostile items reach the HUD: the other kinds are
// nearly always refused (5 of 60 runs read a file on average, sd 2.1, and a seed with none fails the bar
// below about one run in 150); now a run of 60 reads none with a chance of 0.6^60, about 5e-14.
const fileText = fc.oneof(
  { weight: 2, arbitrary: fc.array(readableText, { minLength: 1, maxLength: 30 }).map(notesFile) },
  fc.array(fc.oneof(hostileText, deepMarkdown), { maxLength: 30 }).map(notesFile),
  fc.string({ unit: "binary", maxLength: 400 }),
  deepMarkdown,
);
// One call in three names no operation, so refusals come up in every run of 60 but with a chance of
// (2/3)^60, about 3e-11 (one in seven did: 9 of 60 refused on average, sd 2.5, none about one run in 14,000).
const operation = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom("notes.add", "task.set", "decisions.record", "steps.add", "conventions.add", "search"),
  },
  fc.constantFrom("nonsense", "notes.adds", "task_set"),
);
const argsFor = (op: string, text: string) =>
  op === "task.set" || op === "steps.add"
    ? { description: text }
    : op === "decisions.record"
      ? { summary: text, details: text }
      : op === "search"
        ? { query: text }
        : { content: text };
const busEvent = fc.record({
  type: fc.constantFrom(
    "message.updated",
    "message.part.updated",
    "file.edited",
    "todo.updated",
    "session.compacted",
    "session.updated",
  ),
  properties: fc.dictionary(fc.constantFrom("info", "part", "file", "todos", "sessionID"), fc.anything(), {
    maxKeys: 5,
  }),
});

let ws: Workspace;
let oc: Instance;
beforeAll(async () => {
  ws = workspace();
  oc = await ws.instance("repo");
  await oc.hud("ses_h", "conventions.add", { content: "a convention that must survive" });
});
afterAll(() => ws.close());

test("random hostile input through tool args, the memory file and bus events (property)", async () => {
  let outcomes = { ok: 0, refused: 0, fileRefused: 0, fileRead: 0 };
  await fc.assert(
    fc.asyncProperty(operation, hostileText, fileText, busEvent, async (op, text, file, event) => {
      try {
        await oc.hud("ses_h", op, argsFor(op, text));
        outcomes.ok++;
      } catch (error) {
        // a refusal is one line, never an exception of another kind
        expect((error as Error).message.split("\n")).toHaveLength(1);
        outcomes.refused++;
      }
      // the item a refused file must not remove is there before the file is written
      if (!(await oc.hud("ses_h", "project.list", {})).includes("a convention that must survive"))
        await oc.hud("ses_h", "conventions.add", { content: "a convention that must survive" });
      mkdirSync(join(oc.directory, ".opencode/hud"), { recursive: true });
      writeFileSync(join(oc.directory, ".opencode/hud/memory.md"), file);
      await oc.event(event.type, event.properties as Record<string, unknown>);
      const hud = await oc.hudOf("ses_h");
      expect(hud).not.toMatch(FORBIDDEN);
      expect(hud.length).toBeLessThan(20_000);
      const refused = /memory\.md (is|has|nests|holds|could not)[^\n]*left alone/.test(hud);
      if (refused) {
        outcomes.fileRefused++;
        // an unreadable file removes nothing
        expect(await oc.hud("ses_h", "project.list", {})).toContain("a convention that must survive");
      } else outcomes.fileRead++;
    }),
    { numRuns: 60 },
  );
  // every kind of outcome was reached (a generator that never produced one would prove nothing about it)
  expect(Object.values(outcomes).every((n) => n > 0)).toBe(true);
}, 120_000);
