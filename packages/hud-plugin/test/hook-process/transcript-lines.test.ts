import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLines } from "../../src/hook-process/transcript-lines.ts";

// Every host's transcript reader (Claude Code, Codex, Gemini CLI) goes through readLines: a line the agent
// made huge (a tool's output) must not stop any of them for good.
describe("transcript lines", () => {
  const file = () => join(mkdtempSync(join(tmpdir(), "lines-")), "session.jsonl");

  test("reads whole lines only and keeps a partial last line for the next read", () => {
    const path = file();
    writeFileSync(path, '{"a":1}\n{"b":');
    const first = readLines(path, 0);
    expect(first).toEqual({ text: '{"a":1}\n', offset: 8 });
    appendFileSync(path, "2}\n");
    expect(readLines(path, first.offset)).toEqual({ text: '{"b":2}\n', offset: 16 });
  });

  test("attack: a line longer than the read limit is skipped once written, with default options (every host)", () => {
    const path = file();
    const huge = `{"tool":"${"x".repeat(3000)}"}`;
    writeFileSync(path, `${huge}`);
    // still being written: the reader waits at its start
    expect(readLines(path, 0, { maxRead: 1024 })).toEqual({ text: "", offset: 0 });
    appendFileSync(path, '\n{"after":1}\n');
    const skipped = readLines(path, 0, { maxRead: 1024 });
    expect(skipped).toEqual({ text: "", offset: huge.length + 1 });
    expect(readLines(path, skipped.offset, { maxRead: 1024 })).toEqual({
      text: '{"after":1}\n',
      offset: huge.length + 1 + 12,
    });
  });

  test("a file shorter than the offset was rewritten and is read from the start", () => {
    const path = file();
    writeFileSync(path, '{"new":1}\n');
    expect(readLines(path, 500)).toEqual({ text: '{"new":1}\n', offset: 10 });
  });

  test("attack: a named pipe where a session file is expected reads as nothing at once (a hook would have waited for a writer forever)", () => {
    const path = file();
    expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
    // in a process of its own: a blocking open would stop this one for good, past any test timeout
    const reader = `import { readLines } from ${JSON.stringify(join(import.meta.dir, "../../src/hook-process/transcript-lines.ts"))};
      console.log(JSON.stringify(readLines(${JSON.stringify(path)}, 5)));`;
    const run = Bun.spawnSync([process.execPath, "-e", reader], { timeout: 10_000 });
    expect({ code: run.exitCode, out: run.stdout.toString().trim() }).toEqual({
      code: 0,
      out: JSON.stringify({ text: "", offset: 5 }),
    });
  });
});
