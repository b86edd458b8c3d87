// A 10 MB write or tool output is indexed clipped (head, tail and the size left out, said in the text),
// so the index stays small and every search over it stays fast; the words at both ends are still found.
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clipForIndex } from "../../src/recall/texts.ts";
import { RecallIndex } from "../../src/recall/index.ts";
import { port, toolCall } from "./support.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

test("clipping keeps the head and the tail and says how much was left out", () => {
  const text = `HEADWORD ${"x ".repeat(5_000_000)}TAILWORD`;
  const clipped = clipForIndex(text, 24 * 1024);
  expect(clipped.length).toBeLessThanOrEqual(24 * 1024);
  expect(clipped.startsWith("HEADWORD")).toBe(true);
  expect(clipped.endsWith("TAILWORD")).toBe(true);
  expect(clipped).toMatch(/\[… 9\.5 MB clipped from the index …\]/);
  expect(clipForIndex("short", 100)).toBe("short");
});

test("a 10 MB write input and output are stored clipped; both ends are found and the hit shows the clip", () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-big-"));
  dirs.push(dir);
  const index = RecallIndex.open(dir, "0123456789abcdef");
  const content = `OPENINGWORD ${"lorem ipsum dolor ".repeat(600_000)} CLOSINGWORD`;
  for (const e of port(toolCall("ses_big", "write", { filePath: "big.txt", content }, content, 1))) {
    if (e.kind === "message") index.message(e);
    else if (e.kind === "tool") index.part(e);
  }
  for (const word of ["OPENINGWORD", "CLOSINGWORD"])
    expect(index.search(word, { session: "ses_big" }, 5)).toHaveLength(1);
  index.close();
  const db = new Database(join(dir, "recall.db"), { readonly: true });
  const row = db.query("SELECT length(body) AS n, body FROM docs WHERE session = 'ses_big'").get() as {
    n: number;
    body: string;
  };
  db.close();
  expect(row.n).toBeLessThan(40 * 1024);
  expect(row.body).toMatch(/clipped from the index/);
});
