import { describe, expect, test } from "bun:test";
import type { BoardRender } from "../../src/store/index.ts";
import { ToastTracker } from "../../src/board/toast-tracker.ts";

const FAILED = "**⚠ custom section failed** Deploy.tsx: boom\n";
const render = (at: number, markdown: string, over: Partial<BoardRender> = {}): BoardRender => ({
  markdown,
  density: "full",
  tokens: 10,
  omitted: {},
  context: { usedTokens: 100, usableTokens: 1000, percent: 10, critical: false },
  at,
  ...over,
});
const messages = (notes: { message: string }[]) => notes.map((n) => n.message);

describe("the toasts the person's view owes", () => {
  test("a failing component toasts once while it keeps failing, and again when it fails anew", () => {
    const t = new ToastTracker();
    expect(messages(t.next("s", render(1, `#### Task\n\nx\n\n${FAILED}`)))).toEqual([
      "⚠ custom section failed Deploy.tsx: boom",
    ]);
    expect(t.next("s", render(2, `#### Task\n\ny\n\n${FAILED}`))).toEqual([]);
    expect(t.next("s", render(3, "#### Task\n\nfixed\n"))).toEqual([]);
    expect(messages(t.next("s", render(4, FAILED)))).toEqual(["⚠ custom section failed Deploy.tsx: boom"]);
  });

  test("failures are per session: another session's failing component is its own news", () => {
    const t = new ToastTracker();
    expect(t.next("a", render(1, FAILED))).toHaveLength(1);
    expect(t.next("b", render(1, FAILED))).toHaveLength(1);
  });

  test("a density change after the baseline, and a compaction's count on the first new render after it", () => {
    const t = new ToastTracker();
    expect(t.next("s", render(1, "- n1\n- n2\n"))).toEqual([]);
    t.compaction("s");
    expect(t.next("s", render(1, "- n1\n- n2\n"))).toEqual([]);
    expect(messages(t.next("s", render(2, "- n1\n- n2\n- n3\n", { density: "compact" })))).toEqual([
      "full → compact at 10% context",
      "the HUD carried 3 items through compaction",
    ]);
    expect(t.next("s", render(3, "- n1\n", { density: "compact" }))).toEqual([]);
  });

  test("a render counting one more compaction toasts what it carried, though the host's event comes after it", () => {
    const t = new ToastTracker();
    expect(t.next("s", render(1, "- n1\n", { compactions: 0 }))).toEqual([]);
    // no event yet: a host with nothing between the compaction and the next call renders first
    expect(messages(t.next("s", render(2, "- n1\n- n2\n", { compactions: 1 })))).toEqual([
      "the HUD carried 2 items through compaction",
    ]);
    t.compaction("s");
    expect(t.next("s", render(3, "- n1\n- n2\n- n3\n", { compactions: 1 }))).toEqual([]);
    expect(messages(t.next("s", render(4, "- n1\n", { compactions: 2 })))).toEqual([
      "the HUD carried 1 items through compaction",
    ]);
  });
});
