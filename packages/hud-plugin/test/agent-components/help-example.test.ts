import { expect, test } from "bun:test";
import { helpText } from "@agent-hud/hud-components/internal";
import { outcomeOf, RELAXED_MS } from "./support.ts";

test("the example in the help text defines and renders as it says", async () => {
  const line = helpText()
    .split("\n")
    .find((l) => l.trimStart().startsWith("export default function Tables"));
  expect(line).toBeDefined();
  expect(await outcomeOf(line!.trim(), undefined, "full", RELAXED_MS, RELAXED_MS)).toBe(
    "**Tables left** 1\n\n- [ ] copy rows",
  );
});
