import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/main.ts";
import { sha256 } from "../../src/component-files/acceptance.ts";
import { clearComponentGates, startComponentGate, verdict } from "../../src/component-files/gate.ts";
import { hudRoots } from "../../src/component-files/roots.ts";

let root: string;
let env: Record<string, string>;
let project: string;
let data: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-cli-components-"));
  env = { XDG_CONFIG_HOME: join(root, "config"), XDG_DATA_HOME: join(root, "data"), HOME: join(root, "home") };
  project = join(root, "project");
  data = join(root, "data", "opencode", "hud");
  mkdirSync(join(project, ".opencode", "hud"), { recursive: true });
  clearComponentGates();
});
afterEach(() => {
  clearComponentGates();
  rmSync(root, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  return cliIn(project, ...argv);
}
async function cliIn(cwd: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli({
    argv,
    cwd,
    tty: false,
    env,
    out: (t) => void out.push(t),
    err: (t) => void err.push(t),
    now: () => 5,
  });
  return { code, out: out.join(""), err: err.join("") };
}
const write = (name: string, text: string) => {
  const path = join(project, ".opencode", "hud", name);
  writeFileSync(path, text);
  return path;
};

test("list shows each file's state; accept lets that content run in a running plugin, an edit waits again", async () => {
  write("Early.tsx", "export default () => null;\n");
  const gate = startComponentGate({
    directory: project,
    roots: hudRoots(project, { env }),
    dataDir: data,
    notify: () => {},
    now: () => 1,
  });
  const late = write("Late.tsx", "export default () => <paragraph>late</paragraph>;\n");
  const listed = await cli("components", "list");
  expect(listed.code).toBe(0);
  expect(listed.out.split("\n").filter(Boolean)).toEqual([
    expect.stringMatching(/^present at start +\.opencode\/hud\/Early\.tsx {2}\(27 bytes, sha256 [0-9a-f]{12}\)$/),
    expect.stringMatching(/^waiting +\.opencode\/hud\/Late\.tsx {2}\(50 bytes, sha256 [0-9a-f]{12}\)$/),
  ]);
  expect(verdict(gate, late, readFileSync(late))).toBe("waiting");

  const accepted = await cli("components", "accept", ".opencode/hud/Late.tsx");
  expect(accepted).toEqual({
    code: 0,
    out: `accepted .opencode/hud/Late.tsx (sha256 ${sha256(readFileSync(late)).slice(0, 12)}); it runs from the agent's next call\n`,
    err: "",
  });
  expect(verdict(gate, late, readFileSync(late))).toBe("run");
  expect((await cli("components")).out).toContain("accepted         .opencode/hud/Late.tsx");

  write("Late.tsx", "export default () => <paragraph>changed again</paragraph>;\n");
  expect(verdict(gate, late, readFileSync(late))).toBe("waiting");
  expect((await cli("components", "reject", join(project, ".opencode/hud/Late.tsx"))).code).toBe(0);
  expect(verdict(gate, late, readFileSync(late))).toBe("rejected");
});

test("a file outside the component folders, or bad arguments: one line, the usage, exit 2, nothing recorded", async () => {
  writeFileSync(join(project, "Elsewhere.tsx"), "export default () => null;\n");
  const outside = await cli("components", "accept", "Elsewhere.tsx");
  expect(outside.code).toBe(2);
  expect(outside.err.split("\n")[0]).toBe(
    `agent-hud components: Elsewhere.tsx is not a component file under ${join(project, ".opencode", "hud")} or ${join(env.XDG_CONFIG_HOME!, "opencode", "hud")}`,
  );
  expect((await cli("components", "accept")).code).toBe(2);
  expect((await cli("components", "bless", "x")).err).toStartWith("agent-hud components: unexpected bless x\nusage:");
  expect(() => readFileSync(join(data, "agent-hud-components.json"))).toThrow();
});

test("from a subfolder of the repository, the project's component folder is found; a relative file is the person's", async () => {
  mkdirSync(join(project, ".git"));
  const sub = join(project, "packages", "api");
  mkdirSync(sub, { recursive: true });
  const late = write("Late.tsx", "export default () => null;\n");
  expect((await cliIn(sub, "components")).out).toMatch(/^waiting +\.opencode\/hud\/Late\.tsx /m);
  expect((await cliIn(sub, "components", "accept", "../../.opencode/hud/Late.tsx")).code).toBe(0);
  expect((await cliIn(sub, "components")).out).toMatch(/^accepted +\.opencode\/hud\/Late\.tsx /m);
  expect(late).toBe(join(project, ".opencode", "hud", "Late.tsx"));
});
