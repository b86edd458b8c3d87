import { afterEach, beforeEach, expect, test } from "bun:test";
import { clipError } from "../../src/agent-components/clip-error.ts";
import { describeThrown } from "../../src/agent-components/sandbox.ts";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { relaxTimeLimits } from "./support.ts";

// a fixed fake token: the prefix and 36 random-looking characters
const BODY = "Zq8pLm3xRt7vKw2nYc5bHs9dJf4gTk6uWe1a";
const TOKEN = `ghp_${BODY}`;
/** Every 8-character piece of the token's body: none may be left, not only the whole of it. */
const pieces = Array.from({ length: BODY.length - 7 }, (_, i) => BODY.slice(i, i + 8));
const leaks = (line: string) => pieces.filter((piece) => line.includes(piece));

test("an error message is redacted before it is cut: a token across the cut leaves no piece", () => {
  for (const before of [150, 155, 158]) {
    const message = `${"x".repeat(before)} ${TOKEN} and more\nsecond line ${TOKEN}`;
    // cut first, as before: the tail past the prefix is all that survives, and no rule knows it
    const cutFirst = message.slice(0, 160 + 12);
    expect(leaks(cutFirst).length).toBeGreaterThan(0);
    const line = clipError(message, 160 + 12);
    expect({ before, leaks: leaks(line) }).toEqual({ before, leaks: [] });
    expect(line.length).toBeLessThanOrEqual(172);
    expect(line).not.toContain("\n");
  }
});

test("a thrown error's description is redacted before it is cut, whatever was thrown", () => {
  const long = `${"y".repeat(140)} ${TOKEN}`;
  for (const thrown of [{ name: "Error", message: long }, long, { name: "TypeError", message: `${TOKEN}\n${long}` }]) {
    const line = describeThrown(thrown, 20);
    expect(leaks(line)).toEqual([]);
  }
});

let oc: FakeOpencode;
let undo: () => void;
beforeEach(async () => {
  undo = relaxTimeLimits();
  oc = await fakeOpencode();
});
afterEach(async () => {
  await oc.close();
  undo();
});

test("a component that throws a token it put together shows a failure line without it", async () => {
  // built at run time, so the define-time check of the source cannot see it
  const source = `export default function Leaky({ state }) {
  if (state.notes.length > 0) throw new Error("${"z".repeat(140)} " + "gh" + "p_" + "${BODY}");
  return <paragraph>ok</paragraph>;
}`;
  await oc.hud("ses_a", "components.define", { name: "Leaky", source });
  await oc.hud("ses_a", "notes.add", { content: "go" });
  const messages = [oc.user("ses_a", "go")];
  const hud = tailText(await oc.transform(messages), messages) ?? "";
  expect(hud).toContain("agent component failed** Leaky");
  expect(leaks(hud)).toEqual([]);
});
