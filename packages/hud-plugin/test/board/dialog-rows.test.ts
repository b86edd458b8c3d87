import { expect, test } from "bun:test";
import { terminalText } from "@agent-hud/ujsx";
import type { BoardRender } from "../../src/store/index.ts";
import { dialogRows } from "../../src/board/dialog-rows.ts";

const render = (at: number, markdown: string): BoardRender => ({
  markdown,
  density: "full",
  tokens: 12,
  omitted: { notes: 2, files: 0 },
  context: { usedTokens: 100, usableTokens: 1000, percent: 10, critical: false },
  at,
});
const text = (input: Partial<Parameters<typeof dialogRows>[0]>) =>
  terminalText(
    dialogRows({ received: undefined, current: undefined, off: false, width: 60, time: (at) => `t${at}`, ...input }),
  );

test("before any HUD was received, the dialog says so", () => {
  expect(text({})).toBe(
    "The agent has not received a HUD in this session yet.\n\n/hud-edit to change it · esc to close",
  );
});

test("what was left out, then 'switched off' and 'changed since' only when they hold", () => {
  const received = render(1, "#### Task\n\nship it\n");
  const plain = text({ received, current: received });
  expect(plain).toContain("received t1 · left out: 2 notes\n");
  expect(plain).not.toContain("switched off");
  expect(plain).not.toContain("changed since");
  expect(plain).toContain("ship it");
  expect(text({ received, current: received, off: true })).toContain(
    "switched off: the next request carries no HUD (/hud-on)",
  );
  const newer = render(2, "#### Task\n\nship it today\n");
  expect(text({ received, current: newer })).toContain("changed since: the agent gets the new HUD on its next call");
  // a newer render with the same text is not a change
  expect(text({ received, current: render(3, received.markdown) })).not.toContain("changed since");
});
