import { expect, test } from "bun:test";
import { describeUnread, writeMemoryFile } from "../../src/memory-file/index.ts";
import { parseMemoryFile } from "../../src/memory-file/parse.ts";

test("a line longer than the state keeps is not cut: it is kept as written and the reason names the limit", () => {
  const long = `remember ${"x".repeat(450)}`;
  const file = `${writeMemoryFile([])}\n## Notes\n\n- short note\n- ${long}\n`;
  const parsed = parseMemoryFile(file);
  expect(parsed.items.map((i) => i.text)).toEqual(["short note"]);
  expect(parsed.unread).toHaveLength(1);
  expect(parsed.unread[0]!.text).toBe(`- ${long}`);
  expect(describeUnread(parsed.unread, "memory.md")).toMatch(/longer than 400 characters; shorten it to have it read/);
  // written back, the long line is still whole
  const rewritten = writeMemoryFile(
    parsed.items,
    parsed.unread.map((p) => p.text),
  );
  expect(rewritten).toContain(long);
});
