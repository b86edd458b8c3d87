import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeContextInfo, renderHud, replay, type HudProps } from "@agent-hud/hud-components";
import { boardPublisher, copyKey, type BoardPublisher } from "../../src/board/publish.ts";
import { HudBoard } from "../../src/store/index.ts";

let dir: string;
let board: HudBoard;
let clock: number;
let redactions: number;
let publisher: BoardPublisher;
const PRIVACY = { redact: true, patterns: [] };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hud-copy-key-"));
  board = HudBoard.open(dir);
  clock = 1_000;
  redactions = 0;
  publisher = boardPublisher(
    board,
    "proj",
    <T>(value: T) => {
      redactions++;
      return value;
    },
    () => clock,
    PRIVACY,
  );
});
afterEach(() => {
  board.close();
  rmSync(dir, { recursive: true, force: true });
});

const inputOf = (task = "Ship the board", used = 30_123, now = 5): HudProps => ({
  view: {
    session: replay("session", [{ kind: "task.set", at: 1, description: task }]),
    project: replay("project", []),
  },
  context: makeContextInfo({ usedTokens: used, usableTokens: 100_000 }),
  options: { now, title: "HUD" },
});
const publish = (input: HudProps, kinds: ("received" | "current")[] = ["received", "current"]) => {
  clock++;
  publisher.publish("ses_a", kinds, renderHud(input.view, input.context, input.options), input);
};

describe("the board's copy of a render it already holds", () => {
  test("is not built again: only its time moves, and the record reads as a fresh publish would", () => {
    publish(inputOf());
    const first = board.latest("ses_a", "received")!;
    expect(redactions).toBe(1);
    publish(inputOf());
    expect(redactions).toBe(1);
    const again = board.latest("ses_a", "received")!;
    expect(again).toEqual({ ...first, at: first.at + 1 });
    expect(board.latest("ses_a", "current")).toEqual(again);
    expect(board.latestSession("proj")).toBe("ses_a");
  });

  test("the clock alone (options.now) is no change", () => {
    publish(inputOf("t", 30_000, 5));
    publish(inputOf("t", 30_000, 9_999));
    expect(redactions).toBe(1);
  });

  test("a changed state, context, option or render is built and stored anew", () => {
    publish(inputOf());
    const changes: HudProps[] = [
      inputOf("Another task"),
      inputOf("Another task", 31_000),
      { ...inputOf("Another task", 31_000), options: { now: 5, title: "Other" } },
    ];
    for (const [i, input] of changes.entries()) {
      publish(input);
      expect(redactions).toBe(i + 2);
    }
    expect(board.latest("ses_a", "received")!.markdown).toContain("Another task");
  });

  test("a kind that holds another copy (a hud call's current render) rebuilds both", () => {
    publish(inputOf(), ["received"]);
    publish(inputOf("Changed by a hud call"), ["current"]);
    publish(inputOf());
    expect(redactions).toBe(3);
    expect(board.latest("ses_a", "current")!.markdown).toContain("Ship the board");
  });

  test("a record without a key (an older plugin's) or of another project is built anew", () => {
    const input = inputOf();
    const result = renderHud(input.view, input.context, input.options);
    const key = copyKey(result, input, 0, PRIVACY)!;
    expect(board.refresh("ses_a", "proj", ["received"], key, 5)).toBe(false);
    publish(input, ["received"]);
    expect(board.refresh("ses_a", "other", ["received"], key, 5)).toBe(false);
    expect(board.refresh("ses_a", "proj", ["received"], key, 5)).toBe(true);
  });
});

describe("the copy's key", () => {
  const input = inputOf();
  const result = renderHud(input.view, input.context, input.options);
  const base = copyKey(result, input, 0, PRIVACY);

  test("changes with each part the copy is built from", () => {
    const keys = [
      copyKey({ ...result, markdown: `${result.markdown} ` }, input, 0, PRIVACY),
      copyKey({ ...result, tokens: result.tokens + 1 }, input, 0, PRIVACY),
      copyKey({ ...result, density: "compact" }, input, 0, PRIVACY),
      copyKey({ ...result, omitted: { notes: 1 } }, input, 0, PRIVACY),
      copyKey(result, input, 1, PRIVACY),
      copyKey(result, input, 0, { redact: true, patterns: ["x"] }),
      copyKey(result, inputOf("Other"), 0, PRIVACY),
      copyKey(result, { ...input, context: { ...input.context, trend: [1] } }, 0, PRIVACY),
      copyKey(result, { ...input, options: { ...input.options, title: "" } }, 0, PRIVACY),
    ];
    expect(base).toBeString();
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1);
  });

  test("falls back to building the copy (no key) when the input cannot be serialised", () => {
    const cyclic = { ...input, view: { ...input.view } } as HudProps & { view: { self?: unknown } };
    cyclic.view.self = cyclic;
    expect(copyKey(result, cyclic, 0, PRIVACY)).toBeUndefined();
  });
});
