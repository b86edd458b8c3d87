// A reviewer's attacks on the component-file gate, each by name: symbolic links (to a file elsewhere, to an
// accepted file, a linked folder), helpers that climb out, the hashed bytes against the evaluated ones, a
// state folder steered into a repository, a decisions file others can write, storageDir through a link.
import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AcceptanceStore, ACCEPTED_FILE, decisionsDir, sha256 } from "../../src/component-files/acceptance.ts";
import { discoverComponents, MAX_COMPONENT_FILES, MAX_FOLDER_ENTRIES } from "../../src/component-files/discover.ts";
import { readComponent } from "../../src/component-files/read-component.ts";
import { reviewComponents } from "../../src/component-files/review.ts";
import { hudRoots } from "../../src/component-files/roots.ts";
import { checkStorageDir } from "../../src/config/storage-dir.ts";
import { defaultDir } from "../../src/store/paths.ts";
import { useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const hud = () => fixture.render({ accept: false });
const accept = (path: string, bytes = readFileSync(path)) =>
  AcceptanceStore.forPerson(fixture.dirs.env).record([{ path, sha256: sha256(bytes), decision: "accepted", at: 2 }]);
const component = (text: string) => `export default () => <paragraph>${text}</paragraph>;\n`;

describe("symbolic links in a component folder", () => {
  test("symlink attack: a global component linking to a file outside the folder is refused, never read", async () => {
    const outside = join(fixture.dirs.root, "elsewhere.tsx");
    writeFileSync(outside, component("outside text"));
    mkdirSync(fixture.dirs.globalDir, { recursive: true });
    symlinkSync(outside, join(fixture.dirs.globalDir, "Out.tsx"));
    // even an accept of the path with the outside file's content does not let it through
    accept(join(fixture.dirs.globalDir, "Out.tsx"), readFileSync(outside));
    const text = await hud();
    expect(text).not.toContain("outside text");
    const reviewed = reviewComponents(fixture.dirs.project, { env: fixture.dirs.env });
    expect(reviewed.map((r) => [r.state, r.reason])).toEqual([["refused", "it links out of its component folder"]]);
  });

  test("symlink swap attack: a link to an accepted file is a new path and waits; retargeted after accept, it waits again", async () => {
    const good = fixture.dirs.write("Good.tsx", component("good text"));
    const evil = fixture.dirs.write("_evil.tsx", component("evil text"));
    accept(good);
    const alias = join(fixture.dirs.project, ".opencode", "hud", "Alias.tsx");
    symlinkSync(good, alias);
    let text = await hud();
    expect(text).toContain("good text");
    expect(text.match(/good text/g)?.length).toBe(1);
    // the person accepts the alias pointing at the good content; the agent then points it at other content
    accept(alias, readFileSync(good));
    expect((await hud()).match(/good text/g)?.length).toBe(2);
    const { rmSync } = await import("node:fs");
    rmSync(alias);
    symlinkSync(evil, alias);
    text = await hud();
    expect(text).not.toContain("evil text");
  });

  test("symlinked folder attack: a global folder that is a link to the project's files still waits for each accept", async () => {
    const planted = fixture.dirs.write("_shared/Planted.tsx", component("planted through a linked folder"));
    mkdirSync(join(fixture.dirs.globalDir, ".."), { recursive: true });
    symlinkSync(join(planted, ".."), fixture.dirs.globalDir);
    expect(await hud()).not.toContain("planted through a linked folder");
    // an accept of the file under its project path is not one of its global path
    accept(planted);
    expect(await hud()).not.toContain("planted through a linked folder");
    accept(join(fixture.dirs.globalDir, "Planted.tsx"));
    expect(await hud()).toContain("planted through a linked folder");
  });
});

describe("helpers that climb out", () => {
  const importing = (spec: string) =>
    `import { text } from "${spec}";\nexport default () => <paragraph>{text}</paragraph>;\n`;

  test("climbing import attack: ../../ out of the folder finds nothing to read", () => {
    writeFileSync(join(fixture.dirs.project, "secret.ts"), `export const text = "secret text";\n`);
    fixture.dirs.write("Climb.tsx", importing("../../secret.ts"));
    const [file] = discoverComponents(hudRoots(fixture.dirs.project, { env: fixture.dirs.env }));
    const read = readComponent(file!);
    expect(read.ok).toBe(false);
    expect(read.hashes.map((h) => h.path)).toEqual([file!.path]);
    expect(JSON.stringify(read)).not.toContain("secret text");
  });

  test("symlinked helper folder attack: a helper reached through a linked subfolder is refused unread", () => {
    const outside = join(fixture.dirs.root, "lib");
    mkdirSync(outside);
    writeFileSync(join(outside, "text.ts"), `export const text = "linked helper text";\n`);
    fixture.dirs.write("Linked.tsx", importing("./lib/text.ts"));
    symlinkSync(outside, join(fixture.dirs.project, ".opencode", "hud", "lib"), "dir");
    const [file] = discoverComponents(hudRoots(fixture.dirs.project, { env: fixture.dirs.env }));
    const read = readComponent(file!);
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.error).toContain("links out of its component folder");
    expect(JSON.stringify(read)).not.toContain("linked helper text");
  });
});

describe("TOCTOU attack: what was hashed is what runs", () => {
  test("the sandbox receives exactly the bytes whose sha256 the decision is checked against", () => {
    fixture.dirs.write("_lib/text.ts", `export const text = "é helper";\n`);
    const entry = fixture.dirs.write(
      "Hashed.tsx",
      `import { text } from "./_lib/text.ts";\nexport default () => <paragraph>{text}</paragraph>;\n`,
    );
    const [file] = discoverComponents(hudRoots(fixture.dirs.project, { env: fixture.dirs.env }));
    const read = readComponent(file!);
    if (!read.ok) throw new Error(read.error);
    // swapping the file on disk after the read changes nothing of what was read and hashed
    writeFileSync(entry, component("swapped after the read"));
    const texts = [read.source, ...Object.values(read.helpers)];
    expect(read.hashes.map((h) => h.sha256)).toEqual(texts.map((t) => sha256(Buffer.from(t, "utf8"))));
    expect(read.source).not.toContain("swapped");
  });
});

describe("the decisions folder", () => {
  test("state folder steering attack: XDG_STATE_HOME inside a git worktree (a repository's env) decides nothing", async () => {
    const path = fixture.dirs.write("Steered.tsx", component("steered text"));
    mkdirSync(join(fixture.dirs.project, ".git"));
    const env = { ...fixture.dirs.env, XDG_STATE_HOME: join(fixture.dirs.project, ".state") };
    const planted = { version: 1, files: [{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 1 }] };
    mkdirSync(decisionsDir(env), { recursive: true });
    writeFileSync(join(decisionsDir(env), ACCEPTED_FILE), JSON.stringify(planted));
    expect(() => AcceptanceStore.forPerson(env).decision(path, planted.files[0]!.sha256)).toThrow(
      "inside the git worktree",
    );
    // through a link from outside the worktree too
    const link = join(fixture.dirs.root, "state-link");
    symlinkSync(join(fixture.dirs.project, ".state"), link);
    expect(() =>
      AcceptanceStore.forPerson({ ...env, XDG_STATE_HOME: link }).decision(path, planted.files[0]!.sha256),
    ).toThrow("inside the git worktree");
    fixture.dirs.env = env;
    expect(await hud()).not.toContain("steered text");
    expect(fixture.notices.join("\n")).toContain("inside the git worktree");
  });

  test("legacy import attack: an old decisions file in a data folder inside a repository imports nothing", async () => {
    const path = fixture.dirs.write("Imported.tsx", component("imported text"));
    mkdirSync(join(fixture.dirs.project, ".git"));
    const legacy = join(fixture.dirs.project, ".data", "opencode", "hud");
    const planted = { version: 1, files: [{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 1 }] };
    mkdirSync(legacy, { recursive: true });
    writeFileSync(join(legacy, ACCEPTED_FILE), JSON.stringify(planted));
    const state = decisionsDir(fixture.dirs.env);
    const store = new AcceptanceStore(state, legacy);
    expect(() => store.decision(path, planted.files[0]!.sha256)).toThrow("inside the git worktree");
    // nothing was copied into the person's state folder
    expect(existsSync(join(state, ACCEPTED_FILE))).toBe(false);
  });

  test("data folder steering attack: XDG_DATA_HOME inside a repository is not where the databases go", () => {
    mkdirSync(join(fixture.dirs.project, ".git"));
    const inside = join(fixture.dirs.project, ".data");
    expect(defaultDir({ ...fixture.dirs.env, XDG_DATA_HOME: inside })).not.toStartWith(fixture.dirs.project);
    expect(defaultDir({ ...fixture.dirs.env, XDG_DATA_HOME: join(fixture.dirs.root, "data") })).toBe(
      join(fixture.dirs.root, "data", "opencode", "hud"),
    );
  });

  test("HOME steering attack: HOME inside the repository puts the default state folder there, which is refused", () => {
    mkdirSync(join(fixture.dirs.project, ".git"));
    const env = { ...fixture.dirs.env, HOME: join(fixture.dirs.project, "home") };
    expect(() => AcceptanceStore.forPerson(env).entries()).toThrow("inside the git worktree");
  });

  test("decisions file tamper attack: the plugin writes it owner-only in an owner-only folder", () => {
    const store = AcceptanceStore.forPerson(fixture.dirs.env);
    store.record([{ path: "/x.tsx", sha256: "a".repeat(64), decision: "accepted", at: 1 }]);
    const { statSync } = require("node:fs") as typeof import("node:fs");
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(store.file, "..")).mode & 0o777).toBe(0o700);
  });

  test("decisions file tamper attack: a file others can write, or another user's, decides nothing", () => {
    const store = AcceptanceStore.forPerson(fixture.dirs.env);
    store.record([{ path: "/x.tsx", sha256: "a".repeat(64), decision: "accepted", at: 1 }]);
    chmodSync(store.file, 0o666);
    const fresh = () => AcceptanceStore.forPerson(fixture.dirs.env);
    expect(() => fresh().decision("/x.tsx", "a".repeat(64))).toThrow("writable by others");
    chmodSync(store.file, 0o600);
    expect(fresh().decision("/x.tsx", "a".repeat(64))).toBe("accepted");
    if (process.getuid?.() === 0) {
      chownSync(store.file, 65534, 65534);
      expect(() => fresh().decision("/x.tsx", "a".repeat(64))).toThrow("owned by another user");
    }
  });
});

describe("a folder filled by a repository", () => {
  const failedLines = () => fixture.load().failed.map((f) => `${f.name} ${f.source}`);

  test(`flood attack: of a folder of 100 component files the first ${MAX_COMPONENT_FILES} by name are read, with one line and one notice`, () => {
    for (let i = 0; i < 100; i++) fixture.dirs.write(`C${String(i).padStart(3, "0")}.tsx`, component(`c${i}`));
    fixture.acceptAll();
    const { files } = fixture.load();
    expect(files.map((f) => f.name)).toEqual(
      Array.from({ length: MAX_COMPONENT_FILES }, (_, i) => `C${String(i).padStart(3, "0")}`),
    );
    expect(failedLines()).toEqual([`project component folder ${join(".opencode", "hud")}`]);
    const told = fixture.notices.filter((line) => line.includes("component files; only the first"));
    expect(told).toEqual([
      `agent-hud: .opencode/hud: the folder holds 100 component files; only the first 64 by name are read`,
    ]);
  });

  test(`flood attack: a folder of more than ${MAX_FOLDER_ENTRIES} entries is not listed further, and none of its files is read`, () => {
    const path = fixture.dirs.write("Real.tsx", component("real"));
    for (let i = 0; i < MAX_FOLDER_ENTRIES; i++) writeFileSync(join(path, "..", `_${i}.txt`), "");
    fixture.acceptAll();
    expect(discoverComponents(hudRoots(fixture.dirs.project, { env: fixture.dirs.env }))).toEqual([]);
    expect(fixture.load().files).toEqual([]);
    expect(failedLines()).toEqual([`project component folder ${join(".opencode", "hud")}`]);
    expect(fixture.notices).toEqual([
      `agent-hud: .opencode/hud: the folder holds more than ${MAX_FOLDER_ENTRIES} entries; none of its files is read`,
    ]);
  });
});

describe("storageDir", () => {
  test("storageDir dot-dot attack: a path that climbs into a worktree is refused", () => {
    mkdirSync(join(fixture.dirs.project, ".git"));
    const climbing = join(fixture.dirs.root, "elsewhere", "..", "project", "data");
    expect(checkStorageDir(climbing)).toHaveProperty("problem");
  });

  test("storageDir symlink attack: a link from outside into a worktree is refused (at the link or above it)", () => {
    mkdirSync(join(fixture.dirs.project, ".git"));
    const link = join(fixture.dirs.root, "data-link");
    symlinkSync(fixture.dirs.project, link);
    expect(checkStorageDir(join(link, "hud"))).toHaveProperty("problem");
    expect(checkStorageDir(link)).toHaveProperty("problem");
    // a link whose target does not exist yet, into the worktree
    const dangling = join(fixture.dirs.root, "later-link");
    symlinkSync(join(fixture.dirs.project, "not-yet"), dangling);
    expect(checkStorageDir(join(dangling, "hud"))).toHaveProperty("problem");
    expect(checkStorageDir(join(fixture.dirs.root, "plain"))).toEqual({ dir: join(fixture.dirs.root, "plain") });
  });

  test("storageDir .git-file attack: a worktree or submodule whose .git is a file is refused", () => {
    writeFileSync(join(fixture.dirs.project, ".git"), "gitdir: ../x/.git/modules/p\n");
    expect(checkStorageDir(join(fixture.dirs.project, "d"))).toHaveProperty("problem");
  });
});
