import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { charsTokenizer, makeContextInfo, renderHud, replay } from "@agent-hud/hud-components";
import { terminalText, textWidth } from "@agent-hud/ujsx";
import { HudBoard, type BoardRender } from "../../src/store/index.ts";
import { BoardReader } from "../../src/board/reader.ts";
import { memoRows } from "../../src/board/memo-rows.ts";
import { sidebarRows } from "../../src/board/sidebar-rows.ts";
import { carriedItems, componentFailures, toastFor } from "../../src/board/toasts.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hud-reader-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MARKDOWN = `### Agent HUD

#### Task

Ship the sidebar \u001b[31mnow\u001b[0m with a description long enough to wrap in a narrow column

#### Next steps

- [ ] s1: write the e2e
- [x] s2: lay out the rows

+2 more notes — hud notes.list
`;

const shown = (over: Partial<BoardRender> = {}, percent = 20): BoardRender => ({
  markdown: MARKDOWN,
  density: "full",
  tokens: 80,
  omitted: { notes: 2 },
  context: { usedTokens: percent * 1920, usableTokens: 192_000, percent, critical: percent >= 92 },
  at: 1,
  ...over,
});

describe("the sidebar section", () => {
  test("a status line, then the HUD as the agent got it, task first, every row within the width", () => {
    const rows = sidebarRows({ status: "shown", shown: shown(), off: false }, 38);
    const text = terminalText(rows).split("\n");
    expect(text[0]).toBe("HUD full · 20% used · 80 tok");
    expect(text.join("\n")).toContain("[ ] s1: write the e2e");
    expect(text.join("\n")).toContain("+2 more notes — hud notes.list");
    expect(text.findIndex((r) => r.startsWith("Ship the sidebar"))).toBeLessThan(text.indexOf("Next steps"));
    for (const row of rows) {
      expect(textWidth(row.map((s) => s.text).join(""))).toBeLessThanOrEqual(38);
      for (const span of row) expect(span.text).not.toContain("\x1b");
    }
  });

  test("critical usage is flagged on the status line", () => {
    const [status] = sidebarRows({ status: "shown", shown: shown({}, 95), off: false }, 38);
    expect(terminalText([status!])).toContain("critical");
  });

  test("off, nothing yet and a remote server each say so in one row", () => {
    expect(terminalText(sidebarRows({ status: "off", shown: undefined, off: true }, 38))).toContain("HUD off");
    expect(terminalText(sidebarRows({ status: "none", off: false }, 38))).toContain("nothing rendered yet");
    const remote = sidebarRows({ status: "remote", off: false }, 38);
    expect(remote).toHaveLength(1);
    expect(terminalText(remote)).toContain("another machine");
  });

  test("rows are laid out again only when the render changed", () => {
    const layout = memoRows();
    const view = { status: "shown" as const, shown: shown(), off: false as const };
    const first = layout(view, 38);
    expect(layout({ ...view, shown: shown() }, 38)).toBe(first);
    expect(layout({ ...view, shown: shown({ at: 2 }) }, 38)).not.toBe(first);
    expect(layout(view, 30)).not.toBe(first);
  });
});

describe("the reader the TUI polls", () => {
  test("changed() is true once per write of another connection; view follows current, then the switch", () => {
    const server = HudBoard.open(dir);
    const reader = new BoardReader({ options: { storageDir: dir }, directory: dir });
    expect(reader.changed()).toBe(true);
    expect(reader.changed()).toBe(false);
    expect(reader.view("ses_a")).toEqual({ status: "none", off: false });
    server.publish("ses_a", "p", "received", shown());
    expect(reader.changed()).toBe(true);
    expect(reader.view("ses_a")).toMatchObject({ status: "shown", shown: { at: 1 } });
    server.publish("ses_a", "p", "current", shown({ at: 5 }));
    expect(reader.view("ses_a")).toMatchObject({ status: "shown", shown: { at: 5 } });
    reader.setOff("ses_a", true);
    expect(reader.changed()).toBe(true);
    expect(reader.view("ses_a")).toMatchObject({ status: "off", off: true });
    reader.close();
    server.close();
  });

  test("a project directory missing on this machine means the server is remote", () => {
    const reader = new BoardReader({ options: { storageDir: dir }, directory: join(dir, "not-here") });
    expect(reader.view("ses_a").status).toBe("remote");
    reader.close();
  });
});

describe("toasts", () => {
  test("none for the first render seen or an unchanged density", () => {
    expect(toastFor(undefined, shown({}, 95))).toBeUndefined();
    expect(toastFor(shown({}, 10), shown({}, 20))).toBeUndefined();
  });

  test("one on reaching critical (naming a density change too), one on a density change", () => {
    const critical = toastFor(shown({}, 80), shown({ density: "minimal" }, 95))!;
    expect(critical.variant).toBe("warning");
    expect(critical.message).toContain("95%");
    expect(critical.message).toContain("full → minimal");
    expect(toastFor(shown({}, 95), shown({}, 96))).toBeUndefined();
    expect(toastFor(shown({}, 60), shown({ density: "compact" }, 72))?.message).toContain("full → compact");
  });

  test("a compaction toast counts the items the HUD carried", () => {
    expect(carriedItems(MARKDOWN)).toBe(2);
  });

  test("a failed custom component is reported by its line, as plain text", () => {
    // the markdown hud-components produces for a component that throws, not a copy of its label
    const view = {
      session: replay("session", [{ kind: "task.set", at: 1, description: "x" }]),
      project: replay("project", []),
    };
    const boom = () => {
      throw new Error("boom `here`");
    };
    const { markdown } = renderHud(view, makeContextInfo({ usedTokens: 1, usableTokens: 100 }), {
      tokenizer: charsTokenizer,
      custom: [{ name: "deploy", component: boom, source: "Deploy.tsx" }],
    });
    expect(componentFailures(markdown)).toEqual(["⚠ custom section failed Deploy.tsx: boom here"]);
    expect(componentFailures(MARKDOWN)).toEqual([]);
  });
});
