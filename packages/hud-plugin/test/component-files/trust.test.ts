// The attacks on the person's review, each by name: a file the agent writes into the person's own global
// folder, a hard link in any component folder, and a config that moves the data folder (and once moved the
// decisions with it). Every file renders only once the person accepted its content; the decisions live in
// their state folder, which no option moves.
import { describe, expect, test } from "bun:test";
import { linkSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AcceptanceStore, ACCEPTED_FILE, sha256 } from "../../src/component-files/acceptance.ts";
import { clearFileComponents } from "../../src/component-files/index.ts";
import { decideComponent } from "../../src/component-files/review.ts";
import { CONFIG_FILE, loadConfig } from "../../src/config/index.ts";
import { storageDirFor } from "../../src/config/storage-dir.ts";
import { defaultDir } from "../../src/store/paths.ts";
import { fakeOpencode, tailText } from "../helpers/fake-opencode.ts";
import { useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const hud = () => fixture.render({ accept: false });
const accept = (path: string) =>
  AcceptanceStore.forPerson(fixture.dirs.env).record([
    { path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 2 },
  ]);
const bump = (path: string) => utimesSync(path, new Date(), new Date(Date.now() + 5_000));
const component = (text: string) => `export default () => <paragraph>${text}</paragraph>;\n`;
const HARD_LINK = "it is a hard link (2 names for one file); agent-hud reads only a file of its own: copy it";

describe("component files the person did not accept stay out", () => {
  test("agent writes a component into the global folder: not rendered until accepted", async () => {
    const path = fixture.dirs.writeGlobal("Planted.tsx", component("planted by the agent"));
    expect(await hud()).not.toContain("planted by the agent");
    expect(fixture.notices).toEqual([
      `agent-hud: ${path} is new or changed and will not reach the agent until you accept it: /hud-edit, or agent-hud components accept ${path} ${sha256(readFileSync(path)).slice(0, 12)}`,
    ]);
    // the person accepts what they read, the way the CLI does
    const hash = sha256(readFileSync(path)).slice(0, 12);
    decideComponent(fixture.dirs.project, path, "accepted", hash, 3, { env: fixture.dirs.env });
    expect(await hud()).toContain("planted by the agent");
  });

  test("edited accepted global file needs acceptance again", async () => {
    const path = fixture.dirs.writeGlobal("Mine.tsx", component("mine v1"));
    accept(path);
    expect(await hud()).toContain("mine v1");
    writeFileSync(path, component("mine v2, edited by someone"));
    bump(path);
    const held = await hud();
    expect(held).toContain("mine v1");
    expect(held).not.toContain("mine v2");
    // a new process has no earlier render to keep: nothing of it shows until the new content is accepted
    clearFileComponents();
    const restarted = await hud();
    expect(restarted).not.toContain("mine v");
    accept(path);
    expect(await hud()).toContain("mine v2, edited by someone");
  });

  test("a rejected global file stays out, in this process and the next", async () => {
    const path = fixture.dirs.writeGlobal("Mine.tsx", component("rejected mine"));
    AcceptanceStore.forPerson(fixture.dirs.env).record([
      { path, sha256: sha256(readFileSync(path)), decision: "rejected", at: 2 },
    ]);
    expect(await hud()).not.toContain("rejected mine");
    clearFileComponents();
    expect(await hud()).not.toContain("rejected mine");
    expect(fixture.notices).toEqual([]);
  });
});

describe("hard links are never read", () => {
  /** A file outside every component folder, hard-linked in as `name` under `dir`; its content accepted. */
  const linkIn = (dir: string, name: string, text: string) => {
    const outside = join(fixture.dirs.root, `outside-${name}`);
    writeFileSync(outside, text);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    linkSync(outside, path);
    // even the content the person accepted at that path is not read through a second name
    accept(outside);
    AcceptanceStore.forPerson(fixture.dirs.env).record([{ path, sha256: sha256(text), decision: "accepted", at: 2 }]);
    return path;
  };

  test("hard link in project folder refused", async () => {
    linkIn(join(fixture.dirs.project, ".opencode", "hud"), "Linked.tsx", component("linked secret"));
    const md = await hud();
    expect(md).not.toContain("linked secret");
    expect(md).toContain(`.opencode/hud/Linked.tsx: failed to load: cannot read it: ${HARD_LINK}`);
    expect(fixture.notices).toContain(`agent-hud: .opencode/hud/Linked.tsx: cannot read it: ${HARD_LINK}`);
  });

  test("hard link in global folder refused", async () => {
    const path = linkIn(fixture.dirs.globalDir, "Linked.tsx", component("global linked secret"));
    const md = await hud();
    expect(md).not.toContain("global linked secret");
    expect(md).toContain(`${path}: failed to load: cannot read it: ${HARD_LINK}`);
    expect(fixture.notices).toContain(`agent-hud: ${path}: cannot read it: ${HARD_LINK}`);
  });

  test("an accepted file that gains a second name elsewhere stops rendering at once (no edit needed)", async () => {
    const path = fixture.dirs.write("Mine.tsx", component("accepted once"));
    accept(path);
    expect(await hud()).toContain("accepted once");
    linkSync(path, join(fixture.dirs.root, "second-name.tsx"));
    const md = await hud();
    expect(md).not.toContain("accepted once");
    expect(md).toContain(`.opencode/hud/Mine.tsx: failed to load: cannot read it: ${HARD_LINK}`);
  });

  test("a hard-linked helper is refused too, and its component with it", async () => {
    linkIn(join(fixture.dirs.project, ".opencode", "hud", "lib"), "word.ts", `export const word = "linked word";\n`);
    fixture.dirs.write(
      "Word.tsx",
      `import { word } from "./lib/word.ts";\nexport default () => <paragraph>{word}</paragraph>;\n`,
    );
    const md = await fixture.render();
    expect(md).not.toContain("linked word");
    expect(md).toContain(
      `.opencode/hud/Word.tsx: failed to load: cannot read lib/word.ts (imported by Word.tsx): ${HARD_LINK}`,
    );
  });
});

describe("storageDir moves only the databases", () => {
  const globalConfig = (options: object) => {
    const file = join(fixture.dirs.env.XDG_CONFIG_HOME, "opencode", CONFIG_FILE);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, JSON.stringify(options));
  };

  test("storageDir inside the project refused", () => {
    const { project, env } = fixture.dirs;
    mkdirSync(join(project, ".git"));
    const inside = join(project, "build", "hud-data");
    globalConfig({ storageDir: inside });
    const { config, problems } = loadConfig(project, undefined, env);
    expect(config.storageDir).toBeUndefined();
    expect(problems.map((p) => p.message)).toEqual([
      `agent-hud option storageDir ${JSON.stringify(inside)} is inside the git worktree ${project}, where the repository (and whatever writes it) could read and change the HUD's data; using the default folder`,
    ]);
    // the person's views (TUI, CLI) fall back the same way
    expect(storageDirFor(project, undefined, env)).toBe(defaultDir(env));
    // a plugin entry's option is refused as well
    expect(loadConfig(project, { storageDir: inside }, env).config.storageDir).toBeUndefined();
  });

  test("storageDir inside a linked worktree or submodule (a .git file) refused; outside every worktree kept", () => {
    const { root, project, env } = fixture.dirs;
    writeFileSync(join(project, ".git"), "gitdir: ../elsewhere/.git/worktrees/p\n");
    globalConfig({ storageDir: join(project, "hud") });
    expect(loadConfig(project, undefined, env).config.storageDir).toBeUndefined();
    globalConfig({ storageDir: join(root, "hud-data") });
    expect(loadConfig(project, undefined, env).config.storageDir).toBe(join(root, "hud-data"));
    expect(storageDirFor(project, undefined, env)).toBe(join(root, "hud-data"));
  });

  test("storageDir cannot move acceptance decisions", async () => {
    // storageDir points at a folder holding a decisions file that accepts a component the agent wrote
    const oc = await fakeOpencode();
    try {
      const path = join(oc.directory, ".opencode", "hud", "Sneaky.tsx");
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, component("sneaky text"));
      mkdirSync(oc.storageDir, { recursive: true });
      const planted = {
        version: 1,
        files: [{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 1 }],
      };
      writeFileSync(join(oc.storageDir, ACCEPTED_FILE), JSON.stringify(planted));
      const messages = [oc.user("ses_trust", "hello")];
      await oc.transform(messages);
      expect(tailText(await oc.transform(messages), messages)).not.toContain("sneaky text");
      expect(AcceptanceStore.forPerson().decision(path, sha256(readFileSync(path)))).toBeUndefined();
      // the person's accept, in their state folder, is what lets it render, whatever storageDir says
      AcceptanceStore.forPerson().record([{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 2 }]);
      await oc.transform(messages);
      expect(tailText(await oc.transform(messages), messages)).toContain("sneaky text");
    } finally {
      await oc.close();
    }
  });
});
