// One per-call sequence (runtime/call-hud.ts): the switch, the memory file's sync, the render, the ledger's
// line and the person's views, in one place. A host that renders for a call by itself has written a second
// sequence, which drifts from the first (Claude Code's sub-agent hooks once ignored the person's switch).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sourceFiles } from "../../../../scripts/folder-graph.ts";

const SRC = resolve(import.meta.dir, "../../src");
const SEQUENCE = "runtime/call-hud.ts";
const RUNTIME = "runtime/hud-runtime.ts";

/** The source files (relative to src/) that call `renderCall(` on the runtime. */
function renderCallers(read: (file: string) => string, files: string[]): string[] {
  return files
    .filter((f) => /\.renderCall\(/.test(read(f)))
    .map((f) => f.slice(SRC.length + 1))
    .sort();
}

describe("one per-call sequence", () => {
  test("the check sees a second sequence written in a host (so the real check can fail)", () => {
    const files = [join(SRC, SEQUENCE), join(SRC, "host/x/hooks.ts")];
    const text: Record<string, string> = {
      [files[0]!]: "const result = await deps.runtime.renderCall(session);",
      [files[1]!]: "if (off) return;\nconst result = await deps.runtime.renderCall(session);",
    };
    expect(renderCallers((f) => text[f] ?? "", files)).toEqual(["host/x/hooks.ts", SEQUENCE]);
  });

  test("only runtime/call-hud.ts renders for a call; every host places what it returns", () => {
    const files = sourceFiles(SRC);
    const read = (f: string) => readFileSync(f, "utf8");
    expect(renderCallers(read, files).filter((f) => f !== RUNTIME)).toEqual([SEQUENCE]);
    // every host goes through it: opencode 1, opencode 2 and Claude Code directly; opencode 1's tail, opencode
    // 2's context hook and Gemini CLI's BeforeModel through the request-rewriting family's step (placement/tail.ts)
    const users = files.filter((f) => /\bcallHud\(/.test(read(f))).map((f) => f.slice(SRC.length + 1));
    for (const host of ["host/v1/system-transform.ts", "host/claude-code/handle.ts"]) expect(users).toContain(host);
    expect(users).toContain("placement/tail.ts");
    const tailUsers = files.filter((f) => /\bplaceAtTail\(/.test(read(f))).map((f) => f.slice(SRC.length + 1));
    for (const host of ["host/v1/messages-transform.ts", "host/v2/hooks.ts", "host/gemini/handle.ts"])
      expect(tailUsers).toContain(host);
  });
});
