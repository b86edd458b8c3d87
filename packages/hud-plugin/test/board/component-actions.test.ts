import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { componentActions } from "../../src/board/component-actions.ts";
import { AcceptanceStore, sha256 } from "../../src/component-files/acceptance.ts";

let root: string;
let project: string;
/** The person's decisions: `${XDG_STATE_HOME}/agent-hud`. */
let data: string;
let saved: Record<string, string | undefined> = {};
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-component-actions-"));
  project = join(root, "project");
  data = join(root, "state", "agent-hud");
  mkdirSync(join(project, ".opencode", "hud"), { recursive: true });
  // the global folder and the decisions are found from the environment here, as the TUI does
  saved = { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, XDG_STATE_HOME: process.env.XDG_STATE_HOME };
  process.env.XDG_CONFIG_HOME = join(root, "config");
  process.env.XDG_STATE_HOME = join(root, "state");
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  rmSync(root, { recursive: true, force: true });
});

const write = (name: string) => {
  const path = join(project, ".opencode", "hud", name);
  writeFileSync(path, `export default () => <paragraph>${name}</paragraph>;\n`);
  return path;
};

test("/hud-edit offers accept and reject for each waiting file with its hash; an answer is recorded and the rows go", () => {
  const early = write("Early.tsx");
  const late = write("Late.tsx");
  new AcceptanceStore(data).record([{ path: early, sha256: sha256(readFileSync(early)), decision: "accepted", at: 1 }]);
  const rows = componentActions(project, () => 7);
  const hash = sha256(readFileSync(late)).slice(0, 12);
  expect(rows.map((r) => r.title)).toEqual([
    `Accept component .opencode/hud/Late.tsx ${hash}`,
    `Reject component .opencode/hud/Late.tsx ${hash}`,
  ]);
  expect(rows[0]!.decide()).toEqual({
    ok: true,
    text: "accepted .opencode/hud/Late.tsx; it renders from the agent's next call",
  });
  expect(new AcceptanceStore(data).decision(late, sha256(readFileSync(late)))).toBe("accepted");
  expect(componentActions(project)).toEqual([]);
});

test("a row answers for the content it showed: a file changed after the list was drawn is refused, not accepted", () => {
  const late = write("Late.tsx");
  const [accept] = componentActions(project, () => 7);
  writeFileSync(late, "export default () => <paragraph>swapped</paragraph>;\n");
  const answer = accept!.decide();
  expect(answer.ok).toBe(false);
  expect(answer.text).toMatch(
    /^\.opencode\/hud\/Late\.tsx is now sha256 [0-9a-f]{12}, not [0-9a-f]{12}: it changed since you looked/,
  );
  expect(new AcceptanceStore(data).decision(late, sha256(readFileSync(late)))).toBeUndefined();
});

test("a file name cannot break the dialog row: control characters are shown, not obeyed", () => {
  write("Evil\u001b[2J\nName.tsx");
  const [accept] = componentActions(project);
  expect(accept!.title).not.toContain("\u001b");
  expect(accept!.title).not.toContain("\n");
  expect(accept!.title).toStartWith("Accept component .opencode/hud/Evil");
});

test("an unreadable decisions file leaves the other rows of the editor alone", () => {
  mkdirSync(data, { recursive: true });
  writeFileSync(join(data, "agent-hud-components.json"), "{ broken");
  write("Late.tsx");
  expect(componentActions(project)).toEqual([]);
});
