// Hostile input through every entry point of the plugin — tool arguments, the memory file, bus events —
// as random bytes, deep markdown, controls and bidi characters: no hook throws, the HUD carries no control
// character and stays within its budget, and no project item is lost unless a readable file removed it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workspace, type Instance, type Workspace } from "../project/support.ts";

const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const hostileUnit = fc.constantFrom(
  "\x1b[31m",
  "\x1b]52;c;aGk=\x07",
  "\x9b2J",
  "\x00",
  "\x85",
  "\u202e",
  "\u2066",
  "\r",
  "\n",
  "\t",
  "> ",
  "- ",
  "  - ",
  "# ",
  "```",
  "[a](",
  "*",
  "`",
  "<agent-hud>",
  "</agent-hud>",
  "|",
  "a",
  "word ",
);
const hostileText = fc.oneof(
  fc.string({ unit: hostileUnit, minLength: 1, maxLength: 40 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
);
const deepMarkdown = fc.nat({ max: 40 }).map((d) => `${"> ".repeat(d)}${"- ".repeat(d)}deep`);
const fileText = fc.oneof(
  fc
    .array(fc.oneof(hostileText, deepMarkdown), { maxLength: 30 })
    .map((lines) => `# Project memory\n\n## Notes\n\n${lines.map((l) => `- ${l}`).join("\n")}\n`),
  fc.string({ unit: "binary", maxLength: 400 }),
  deepMarkdown,
);
const operation = fc.constantFrom(
  "notes.add",
  "task.set",
  "decisions.record",
  "steps.add",
  "conventions.add",
  "search",
  "nonsense",
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
