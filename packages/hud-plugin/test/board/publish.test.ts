import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hud, makeContextInfo, renderHud, replay, type HudEvent, type HudProps } from "@agent-hud/hud-components";
import { referenceEvents, referenceView } from "@agent-hud/hud-components/testing";
import { emptyState } from "@agent-hud/hud-components";
import { h, resolve } from "@agent-hud/ujsx/core";
import { isContained, terminalText, toTerminal, type UNode } from "@agent-hud/ujsx";
import { boardPublisher, type BoardPublisher } from "../../src/board/publish.ts";
import { hudRows } from "../../src/board/sidebar-rows.ts";
import { createRedactor } from "../../src/privacy/index.ts";
import { HudBoard } from "../../src/store/index.ts";
import { hostTurn } from "../helpers/fake-opencode.ts";

let dir: string;
let board: HudBoard;
let clock: number;
let full: number;
let publisher: BoardPublisher;
const redactor = createRedactor({ redact: true });
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hud-publish-"));
  board = HudBoard.open(dir);
  clock = 1_000;
  full = 0;
  // counts the writes that stored a whole render (a moved time is not one)
  const publishJson = board.publishJson.bind(board);
  board.publishJson = (...args) => (full++, publishJson(...args));
  publisher = boardPublisher(board, "p1", redactor.deep, () => ++clock);
});
afterEach(() => {
  board.close();
  rmSync(dir, { recursive: true, force: true });
});

const context = (used: number) => makeContextInfo({ usedTokens: used, usableTokens: 192_000 });
function render(view = referenceView(), used = 30_000) {
  const input: HudProps = { view, context: context(used) };
  return { result: renderHud(view, input.context), input };
}
const withNote = (content: string) => ({
  session: replay("session", [...referenceEvents(), { kind: "note.add", at: 2e12, content } as HudEvent]),
  project: emptyState("project"),
});
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const fake = (n: number) => Array.from({ length: n }, () => ALNUM[Math.floor(Math.random() * ALNUM.length)]).join("");

describe("publishing a render to the board", () => {
  test("a render that shows what the rows hold moves only their time; a changed one is stored whole", () => {
    const { result, input } = render();
    publisher.publish("ses_a", ["received", "current"], result, input);
    const first = board.latest("ses_a", "received")!;
    publisher.publish("ses_a", ["received", "current"], result, input);
    expect(full).toBe(1);
    const again = board.latest("ses_a", "received")!;
    expect(again.at).toBeGreaterThan(first.at);
    expect({ ...again, at: first.at }).toEqual(first);
    expect(board.latest("ses_a", "current")).toEqual(again);

    // the same markdown at another context use: the numbers beside it are shown, so it is stored
    const busier = render(referenceView(), 90_000);
    publisher.publish("ses_a", ["received", "current"], { ...busier.result, markdown: result.markdown }, busier.input);
    expect(full).toBe(2);
    expect(board.latest("ses_a", "received")!.context.usedTokens).toBe(90_000);
    // only the markdown changed (one character, the same size): stored
    const edited = { ...busier.result, markdown: busier.result.markdown.replace("#### Task", "#### Tasks") };
    publisher.publish("ses_a", ["received", "current"], edited, busier.input);
    expect(full).toBe(3);
    expect(board.latest("ses_a", "received")!.markdown).toContain("#### Tasks");
    // a changed markdown (a note added): stored
    const changed = render(withNote("the exporter flushes every 512 rows"));
    publisher.publish("ses_a", ["current"], changed.result, changed.input);
    const current = board.latest("ses_a", "current")!;
    expect(current.markdown).toBe(changed.result.markdown);
    expect(current.markdown).toContain("every 512 rows");
    expect(board.latest("ses_a", "received")!.markdown).toBe(edited.markdown);
  });

  test("a row another process wrote since is written anew, not only moved in time (fallback)", () => {
    const { result, input } = render();
    publisher.publish("ses_a", ["current"], result, input);
    const other = HudBoard.open(dir);
    other.publish("ses_a", "p1", "current", { ...board.latest("ses_a", "current")!, markdown: "# edited", at: 5 });
    other.close();
    publisher.publish("ses_a", ["current"], result, input);
    expect(board.latest("ses_a", "current")!.markdown).toBe(result.markdown);
    expect(full).toBe(2);
  });

  test("a secret in a new text is redacted on disk, stored whole or moved in time", () => {
    const before = render();
    publisher.publish("ses_a", ["received", "current"], before.result, before.input);
    const secret = `ghp_${fake(36)}`;
    const { result, input } = render(withNote(`deploy with ${secret}`));
    expect(result.markdown).toContain(secret);
    publisher.publish("ses_a", ["received", "current"], result, input);
    publisher.publish("ses_a", ["received", "current"], result, input);
    const stored = board.latest("ses_a", "received")!;
    expect(stored.markdown).toContain("deploy with");
    expect(JSON.stringify(stored)).not.toContain(secret);
    board.close();
    // the database and its write-ahead log, byte for byte
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes(secret)).toBe(false);
  });

  test("renders published later within one turn are written once, the last for each kind", async () => {
    const [a, b, c] = [render(), render(referenceView(), 60_000), render(referenceView(), 90_000)];
    publisher.publishLater("ses_a", ["received", "current"], a.result, a.input);
    publisher.publishLater("ses_a", ["current"], b.result, b.input);
    publisher.publishLater("ses_a", ["current"], c.result, c.input);
    await hostTurn();
    expect(full).toBe(2);
    expect(board.latest("ses_a", "received")!.context.usedTokens).toBe(30_000);
    const current = board.latest("ses_a", "current")!;
    expect(current.context.usedTokens).toBe(90_000);
    // stamped when published, so the views still see the current render as the newer one
    expect(current.at).toBeGreaterThan(board.latest("ses_a", "received")!.at);
  });

  test("a render published now supersedes one of the same kind still waiting", async () => {
    const [later, now] = [render(referenceView(), 60_000), render(referenceView(), 90_000)];
    publisher.publishLater("ses_a", ["current"], later.result, later.input);
    publisher.publish("ses_a", ["current"], now.result, now.input);
    await hostTurn();
    expect(board.latest("ses_a", "current")!.context.usedTokens).toBe(90_000);
    expect(full).toBe(1);
  });
});

describe("the stored markdown, laid out for a terminal", () => {
  // the board keeps no copy of the <Hud> tree: the views read the markdown back into UJSX
  test("gives the same rows as the <Hud> tree it was serialised from, at every density", () => {
    const view = withNote("the exporter flushes every 512 rows; see `src/export.ts`");
    const densities = new Set<string>();
    for (const used of [30_000, 90_000, 110_000, 130_000, 150_000, 188_000]) {
      const input: HudProps = { view, context: context(used) };
      const result = renderHud(input.view, input.context);
      densities.add(result.density);
      publisher.publish("ses_a", ["current"], result, input);
      const stored = board.latest("ses_a", "current")!;
      expect(Object.keys(stored)).not.toContain("tree");
      const tree = resolve(h(Hud, input), { mode: "trusted" }) as UNode;
      for (const width of [38, 80])
        expect(terminalText(hudRows(stored, width))).toBe(terminalText(toTerminal(tree, { width })));
    }
    expect([...densities].sort()).toEqual(["compact", "full", "minimal"]);
  });

  test("a stored row's escapes, controls and raw HTML stay text on the terminal when read back (not only the state's own containment)", () => {
    // written straight to the board, as a row of another process or version would be: no state passed it
    const { result, input } = render();
    publisher.publish("ses_a", ["current"], result, input);
    const markdown =
      "#### Notes\n\n- note \x1b]0;owned\x07 \x1b[2J<script>\x1b[31m</script> \u202eevil\x9b1A\r\n- [x] done\n";
    board.publish("ses_a", "p1", "current", { ...board.latest("ses_a", "current")!, markdown });
    const rows = hudRows(board.latest("ses_a", "current")!, 38);
    expect(terminalText(rows)).toContain("<script>");
    expect(terminalText(rows)).toContain("evil");
    for (const line of rows) for (const span of line) expect(isContained(span.text)).toBe(true);
  });
});
