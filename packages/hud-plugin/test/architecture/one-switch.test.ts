// Off means off through one check: `runtime/hud-switch.ts` is the only code on a path to a model that reads
// the person's switch. A host that reads the board's switch itself has a second check, which drifts from the
// first (compaction prompts once went out while the HUD was off). The person's views read it to show it.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { sourceFiles } from "../../../../scripts/folder-graph.ts";

const SRC = resolve(import.meta.dir, "../../src");
const GUARD = "runtime/hud-switch.ts";
// what only shows the switch to the person, and the board that stores it
const VIEWS = ["board/reader.ts", "cli/main.ts", "host/claude-code/statusline.ts", "store/board.ts"];

const readers = (read: (file: string) => string, files: string[]) =>
  files
    .filter((f) => /\bboard\.(?:isOff|offBy|isProjectOff)\(/.test(read(f)))
    .map((f) => f.slice(SRC.length + 1))
    .sort();

describe("one switch check", () => {
  test("the check sees a host that reads the switch itself (so the real check can fail)", () => {
    const files = [resolve(SRC, GUARD), resolve(SRC, "host/x/compacting.ts")];
    const text: Record<string, string> = {
      [files[0]!]: "if (deps.board.isOff(sessionID, deps.projectKey)) return true;",
      [files[1]!]: "if (deps.board.isOff(e.sessionID)) return;",
    };
    expect(readers((f) => text[f] ?? "", files)).toEqual(["host/x/compacting.ts", GUARD]);
  });

  test("only runtime/hud-switch.ts reads the switch on the way to a model; every host asks it", () => {
    const files = sourceFiles(SRC);
    const read = (f: string) => readFileSync(f, "utf8");
    expect(readers(read, files).filter((f) => !VIEWS.includes(f))).toEqual([GUARD]);
    const askers = files.filter((f) => /\bhudOff\(/.test(read(f))).map((f) => f.slice(SRC.length + 1));
    for (const path of [
      "runtime/call-hud.ts",
      "hooks/session-compacting.ts",
      "host/v1/system-transform.ts",
      "host/v2/hooks.ts",
      "host/claude-code/emit.ts",
      "host/claude-code/mod-bridge.ts",
      "host/codex/handle.ts",
    ])
      expect(askers).toContain(path);
  });
});
