import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ledgerRows, ledgerSidebarRow, promptStatus, BoardReader } from "../../src/board/core.ts";
import { summarize, type LedgerCall } from "../../src/cache-ledger/index.ts";
import { writeCall } from "../../src/cache-ledger/table.ts";
import { runCli } from "../../src/cli/main.ts";
import { HudBoard, projectKeyFor } from "../../src/store/index.ts";

const calls: LedgerCall[] = [
  { call: 1, id: "m1", at: 1, usage: { input: 1_000, cacheRead: 0, cacheWrite: 0, output: 10 } },
  { call: 2, id: "m2", at: 2, usage: { input: 40, cacheRead: 960, cacheWrite: 0, output: 10 }, spent: 0.001 },
  {
    call: 3,
    id: "m3",
    at: 3,
    usage: { input: 1_100, cacheRead: 0, cacheWrite: 0, output: 10 },
    bust: { cause: "system", also: [], byAgentHud: false, missing: ["tools"], idleSeconds: 2 },
  },
];
const text = (rows: Array<Array<{ text: string }>>) => rows.map((r) => r.map((s) => s.text).join(""));

describe("where the person looks", () => {
  test("sidebar and narrow status: one line", () => {
    const summary = summarize(calls);
    expect(text([ledgerSidebarRow(summary, 38)!])).toEqual(["cache 31% · 1 bust"]);
    expect(ledgerSidebarRow(summarize([]), 38)).toBeUndefined();
    const bust = { line: "cache 31% · 1 bust", busts: 1 };
    expect(promptStatus({ status: "none", off: false }, 34, bust)).toBe("cache 31% · 1 bust");
    expect(promptStatus({ status: "off", shown: undefined, off: true }, 34, bust)).toBe("HUD off · cache 31% · 1 bust");
    const shown = {
      markdown: "**Task** Port the parser\n",
      density: "compact" as const,
      tokens: 30,
      omitted: {},
      context: { usedTokens: 1, usableTokens: 100, percent: 40, critical: false },
      at: 1,
    };
    const view = { status: "shown" as const, shown, off: false as const };
    // a bust goes before the task; a healthy cache after it, where the clip cuts first
    expect(promptStatus(view, 60, bust)).toBe("HUD compact 40% · cache 31% · 1 bust · Port the parser");
    expect(promptStatus(view, 60, { line: "cache 96% · no bust", busts: 0 })).toBe(
      "HUD compact 40% · Port the parser · cache 96% · no bust",
    );
    expect(promptStatus(view, 34, { line: "cache 96% · no bust", busts: 0 })).toBe(
      "HUD compact 40% · Port the parser…",
    );
  });

  test("/hud: every call, the bust with its cause and turn", () => {
    const rows = text(ledgerRows(calls, summarize(calls), 76));
    expect(rows[0]).toBe("Cache");
    expect(rows).toContain("#2 96% · in 40 read 960 write 0 out 10 · $0.0010");
    expect(rows).toContain("#3 0% · in 1100 read 0 write 0 out 10 · bust");
    expect(rows).toContain("   cause: system prompt changed (not agent-hud)");
    expect(rows.every((r) => [...r].length <= 76)).toBe(true);
  });

  test("/hud on a long session: the newest calls and every earlier bust, the rest counted", () => {
    const many: LedgerCall[] = Array.from({ length: 40 }, (_, i) => ({
      ...calls[1]!,
      call: i + 1,
      id: `m${i}`,
      ...(i === 4 ? { bust: calls[2]!.bust } : {}),
    }));
    const rows = text(ledgerRows(many, summarize(many), 76));
    expect(rows).toContain("29 earlier calls without a bust: agent-hud cache lists them all");
    expect(rows.filter((r) => r.startsWith("#"))).toHaveLength(11);
    expect(rows).toContain("#5 96% · in 40 read 960 write 0 out 10 · $0.0010 · bust");
    expect(rows.at(-1)).toStartWith("#40 ");
  });
});

describe("agent-hud cache", () => {
  let root: string;
  let board: HudBoard;
  const project = () => join(root, "project");
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "hud-cache-cli-"));
    mkdirSync(join(project(), ".git"), { recursive: true });
    board = HudBoard.open(join(root, "store"));
    for (const c of calls) board.use("w", (db) => writeCall(db, "ses_c", projectKeyFor(project()), c), undefined);
  });
  afterEach(() => {
    board.close();
    rmSync(root, { recursive: true, force: true });
  });
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli({
      argv,
      cwd: project(),
      tty: false,
      out: (t) => void out.push(t),
      err: (t) => void err.push(t),
      env: { XDG_DATA_HOME: join(root, "xdg") },
    });
    return { code, out: out.join(""), err: err.join("") };
  };

  test("text: totals, a chart of hit share over the calls, each call and its bust", async () => {
    const { code, out } = await run(["cache", "--storage-dir", join(root, "store"), "--width", "40"]);
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toBe("session ses_c");
    expect(lines[1]).toContain("3 calls · hit share 31%");
    // 96% is 3 full rows and 7/8 of the top one
    expect(lines.slice(3, 7)).toEqual(["100%┤ ▇", "    │ █", "    │ █", "  0%┤ █"]);
    expect(lines).toContain("     ──^");
    expect(lines).toContain("   cause: system prompt changed (not agent-hud)");
  });

  test("--json and --session", async () => {
    const { code, out } = await run(["cache", "--session", "ses_c", "--json", "--storage-dir", join(root, "store")]);
    expect(code).toBe(0);
    const parsed = JSON.parse(out);
    expect(parsed.summary).toMatchObject({ calls: 3, busts: 1, cacheRead: 960 });
    expect(parsed.calls[2].bust.cause).toBe("system");
  });

  test("a session with nothing recorded and a bad flag are one line each", async () => {
    const none = await run(["cache", "--session", "ses_none", "--storage-dir", join(root, "store")]);
    expect(none.code).toBe(1);
    expect(none.err).toBe("agent-hud cache: no model call recorded yet for ses_none\n");
    const bad = await run(["cache", "--bogus"]);
    expect(bad.code).toBe(2);
    expect(bad.err.split("\n")[0]).toContain("--bogus");
  });

  test("the TUI's reader sees the same ledger", () => {
    const reader = new BoardReader({ options: { storageDir: join(root, "store") } });
    try {
      expect(reader.ledgerSummary("ses_c")).toMatchObject({ calls: 3, busts: 1 });
      expect(reader.ledger("ses_c", 2).map((c) => c.call)).toEqual([2, 3]);
    } finally {
      reader.close();
    }
  });
});
