// Plugin tests run the real loader, which also reads the global components folder; a component on the
// machine running the tests must not change what they see.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { AcceptanceStore, decisionsDir, sha256 } from "../../src/component-files/acceptance.ts";
import { globalHudDir } from "../../src/component-files/roots.ts";
import { fakeOpencode, tailText } from "../helpers/fake-opencode.ts";

const file = join(globalHudDir(), "IsolationProbe.tsx");
afterAll(() => rmSync(file, { force: true }));

test("the fake opencode's global components folder and the person's decisions are throw-away folders, not the machine's", async () => {
  const dir = globalHudDir();
  expect(dir).not.toBe(join(homedir(), ".config", "opencode", "hud"));
  // inside the run's throw-away folder (test/helpers/hermetic-env.ts), which holds its temp folder too
  const run = realpathSync(process.env["AGENT_HUD_TEST_ENV"]!);
  expect(realpathSync(join(dir, "..", "..")).startsWith(`${run}/`)).toBe(true);
  expect(realpathSync(tmpdir()).startsWith(`${run}/`)).toBe(true);
  expect(decisionsDir().startsWith(`${run}/`)).toBe(true);

  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `export default () => <paragraph>isolation probe</paragraph>;\n`);
  // a global file renders once accepted, like a project file
  AcceptanceStore.forPerson().record([{ path: file, sha256: sha256(readFileSync(file)), decision: "accepted", at: 1 }]);
  const oc = await fakeOpencode();
  try {
    const messages = [oc.user("ses_iso", "hello")];
    // the first call kicks the file's render off in the sandbox and never waits for it: the next has it
    await oc.transform(messages);
    expect(tailText(await oc.transform(messages), messages)).toContain("isolation probe");
  } finally {
    await oc.close();
  }
});
