import { afterEach, beforeEach, expect, test } from "bun:test";
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureCli } from "../helpers/run-cli.ts";
import { sha256 } from "../../src/component-files/acceptance.ts";
import { AcceptanceStore } from "../../src/component-files/acceptance.ts";

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
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  return cliIn(project, ...argv);
}
function cliIn(cwd: string, ...argv: string[]) {
  return captureCli({ argv, cwd, tty: false, env, now: () => 5 });
}
const write = (name: string, text: string) => {
  const path = join(project, ".opencode", "hud", name);
  writeFileSync(path, text);
  return path;
};

const decision = (path: string) => AcceptanceStore.forPerson(env).decision(path, sha256(readFileSync(path)));
const short = (path: string) => sha256(readFileSync(path)).slice(0, 12);

test("list shows each file's state and short hash; accept names that hash, and a file changed since is refused", async () => {
  const late = write("Late.tsx", "export default () => <paragraph>late</paragraph>;\n");
  const mine = join(env.XDG_CONFIG_HOME!, "opencode", "hud", "Mine.tsx");
  mkdirSync(join(env.XDG_CONFIG_HOME!, "opencode", "hud"), { recursive: true });
  writeFileSync(mine, "export default () => null;\n");
  const listed = await cli("components", "list");
  expect(listed.code).toBe(0);
  expect(listed.out.split("\n").filter(Boolean)).toEqual([
    `waiting   ${short(late)}  .opencode/hud/Late.tsx  (50 bytes)`,
    `waiting   ${short(mine)}  ~/../config/opencode/hud/Mine.tsx  (27 bytes)`.replace(
      "~/../config",
      join(root, "config"),
    ),
  ]);

  // without the hash the person saw, nothing is accepted
  const bare = await cli("components", "accept", ".opencode/hud/Late.tsx");
  expect([bare.code, bare.err.split("\n")[0]]).toEqual([
    2,
    `agent-hud components: name the content you accept: agent-hud components accept .opencode/hud/Late.tsx ${short(late)}`,
  ]);
  const seen = short(late);
  // the file changes between the person's reading and the answer: the accept is refused
  write("Late.tsx", "export default () => <paragraph>swapped after the review</paragraph>;\n");
  const stale = await cli("components", "accept", ".opencode/hud/Late.tsx", seen);
  expect(stale.code).toBe(2);
  expect(stale.err.split("\n")[0]).toStartWith(
    `agent-hud components: .opencode/hud/Late.tsx is now sha256 ${short(late)}, not ${seen}: it changed since you looked`,
  );
  expect(decision(late)).toBeUndefined();

  const accepted = await cli("components", "accept", ".opencode/hud/Late.tsx", short(late));
  expect(accepted).toEqual({
    code: 0,
    out: `accepted .opencode/hud/Late.tsx (sha256 ${short(late)}); it renders from the agent's next call\n`,
    err: "",
  });
  expect(decision(late)).toBe("accepted");
  expect((await cli("components")).out).toContain(`accepted  ${short(late)}  .opencode/hud/Late.tsx`);

  write("Late.tsx", "export default () => <paragraph>changed again</paragraph>;\n");
  expect(decision(late)).toBeUndefined();
  expect((await cli("components", "reject", join(project, ".opencode/hud/Late.tsx"))).code).toBe(0);
  expect(decision(late)).toBe("rejected");
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
  expect(() => readFileSync(join(root, "home", ".local", "state", "agent-hud", "agent-hud-components.json"))).toThrow();
});

test("a hard link is listed as refused with why, and cannot be accepted", async () => {
  const outside = join(root, "outside.tsx");
  writeFileSync(outside, "export default () => null;\n");
  linkSync(outside, join(project, ".opencode", "hud", "Linked.tsx"));
  expect((await cli("components")).out).toBe(
    "refused   ------------  .opencode/hud/Linked.tsx  (it is a hard link (2 names for one file); agent-hud reads only a file of its own: copy it)\n",
  );
  const accept = await cli("components", "accept", ".opencode/hud/Linked.tsx", short(outside));
  expect([accept.code, accept.err.split("\n")[0]]).toEqual([
    2,
    "agent-hud components: .opencode/hud/Linked.tsx is never read: it is a hard link (2 names for one file); agent-hud reads only a file of its own: copy it",
  ]);
});

test("decisions are kept in ${XDG_STATE_HOME}/agent-hud when it is set, whatever storageDir says", async () => {
  env.XDG_STATE_HOME = join(root, "state");
  mkdirSync(join(env.XDG_CONFIG_HOME!, "opencode"), { recursive: true });
  writeFileSync(
    join(env.XDG_CONFIG_HOME!, "opencode", "agent-hud.jsonc"),
    JSON.stringify({ storageDir: join(root, "elsewhere") }),
  );
  const late = write("Late.tsx", "export default () => null;\n");
  expect((await cli("components", "accept", ".opencode/hud/Late.tsx", short(late))).code).toBe(0);
  const saved = JSON.parse(readFileSync(join(root, "state", "agent-hud", "agent-hud-components.json"), "utf8"));
  expect(saved.files).toEqual([{ path: late, sha256: sha256(readFileSync(late)), decision: "accepted", at: 5 }]);
  expect(() => readFileSync(join(root, "elsewhere", "agent-hud-components.json"))).toThrow();
});

test("from a subfolder of the repository, the project's component folder is found; a relative file is the person's", async () => {
  mkdirSync(join(project, ".git"));
  const sub = join(project, "packages", "api");
  mkdirSync(sub, { recursive: true });
  const late = write("Late.tsx", "export default () => null;\n");
  expect((await cliIn(sub, "components")).out).toMatch(/^waiting +[0-9a-f]{12}  \.opencode\/hud\/Late\.tsx /m);
  expect((await cliIn(sub, "components", "accept", "../../.opencode/hud/Late.tsx", short(late))).code).toBe(0);
  expect((await cliIn(sub, "components")).out).toMatch(/^accepted +[0-9a-f]{12}  \.opencode\/hud\/Late\.tsx /m);
  expect(late).toBe(join(project, ".opencode", "hud", "Late.tsx"));
});
