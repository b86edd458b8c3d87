import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transpile } from "../../src/agent-components/transpile.ts";
import { fakeOpencode, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { relaxTimeLimits } from "./support.ts";

// Each source would create the marker file if any step of the define path evaluated it on the host (Bun's
// transpiler runs `with { type: "macro" }` imports while it scans).
const attacks = (marker: string): Array<[string, string, string]> => {
  const m = JSON.stringify(marker);
  const body = "export default function C() { return <paragraph>x</paragraph>; }";
  return [
    [
      "macro import of node:child_process",
      `import { execSync } from "node:child_process" with { type: "macro" };\nexecSync("touch " + ${m});\n${body}`,
      "node:child_process",
    ],
    [
      "macro import of node:fs",
      `import { writeFileSync } from "node:fs" with { type: "macro" };\nwriteFileSync(${m}, "x");\n${body}`,
      "node:fs",
    ],
    [
      "macro import of fs",
      `import { writeFileSync } from "fs" with { type: "macro" };\nconst done = writeFileSync(${m}, "x");\n${body}`,
      "fs",
    ],
    [
      "macro import of bun",
      `import { spawnSync } from "bun" with { type: "macro" };\nspawnSync(["touch", ${m}]);\n${body}`,
      "bun",
    ],
    [
      'with {type:"macro"} in a dynamic import',
      `const fs = await import("node:fs", { with: { type: "macro" } });\nfs.writeFileSync(${m}, "x");\n${body}`,
      "node:fs",
    ],
    ["export * as x from (a namespace re-export)", `export * as x from "node:fs";\n${body}`, "node:fs"],
    ["export * from", `export * from "./other";\n${body}`, "./other"],
    ["export { a } from", `export { a } from "./other";\n${body}`, "./other"],
    ["export type { a } from", `export type { a } from "./other";\n${body}`, "./other"],
    ["export type * from", `export type * from "./other";\n${body}`, "./other"],
  ];
};

const refusal = (found: string) =>
  `imports are not available in the sandbox (found ${JSON.stringify(found)}); write helpers in the same source and read data from the props`;

let dir: string;
let oc: FakeOpencode;
let undo: () => void;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "macro-"));
  undo = relaxTimeLimits();
  oc = await fakeOpencode();
});
afterEach(async () => {
  await oc.close();
  undo();
  rmSync(dir, { recursive: true, force: true });
});

describe("compiling an agent's source evaluates nothing on the host", () => {
  for (const [index, [name]] of attacks("").entries()) {
    test(name, async () => {
      const marker = join(dir, "marker");
      const [, source, found] = attacks(marker)[index]!;
      expect(transpile(source)).toEqual({ ok: false, error: refusal(found) });
      const reply = await oc.hud("ses_a", "components.define", { name: "C", source }).catch((e: Error) => e.message);
      expect(reply).toBe(`components.define: C: ${refusal(found)}`);
      expect(reply.split("\n")).toHaveLength(1);
      expect(existsSync(marker)).toBe(false);
      expect(await oc.hud("ses_a", "components.list")).toStartWith("components: none");
    });
  }

  test("the compiler keeps ordinary uses of the word import and compiles TSX", () => {
    const source =
      "type P = { state: { task?: { description: string } } };\nconst o = { import: 1 };\nexport default function C({ state }: P) { return <>{String(o.import)}{state.task?.description}</>; }";
    const out = transpile(source);
    expect(out.ok).toBe(true);
    expect(out.ok && out.code).toContain("__h(__Fragment");
  });
});
