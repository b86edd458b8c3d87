// Every component file renders in the sandbox, whoever wrote it: its module code never runs in the plugin's
// process. The person's review decides what reaches the agent: a project file renders once its exact content
// is accepted (a cloned repository's, the agent's, a pull's alike); the global folder's the same (trust.test.ts).
import { describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { AcceptanceStore, ACCEPTED_FILE, decisionsDir, sha256 } from "../../src/component-files/acceptance.ts";
import { clearFileComponents } from "../../src/component-files/index.ts";
import { LinkRefused } from "../../src/store/private-files.ts";
import { useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const data = () => fixture.dirs.data;
/** Where the person's decisions are: their state folder, never the data folder. */
const state = () => decisionsDir(fixture.dirs.env);

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
/**
 * A component whose module code writes a marker file wherever it can reach a file system: the marker's
 * absence is the proof that it never ran with the plugin's rights; its text in the HUD, that it rendered.
 */
const marking = (
  marker: string,
  text: string,
) => `const fs = typeof require === "function" ? require("node:fs") : undefined;
fs?.writeFileSync(${JSON.stringify(marker)}, "ran");
globalThis.Bun?.write?.(${JSON.stringify(marker)}, "ran");
export default () => <paragraph>${text}</paragraph>;
`;
const decide = (path: string, decision: "accepted" | "rejected" = "accepted") =>
  AcceptanceStore.forPerson(fixture.dirs.env).record([{ path, sha256: sha256(readFileSync(path)), decision, at: 2 }]);
const bump = (path: string) => utimesSync(path, new Date(), new Date(Date.now() + 5_000));
const hud = () => fixture.render({ accept: false });

describe("the acceptance store", () => {
  test("records path and sha256 owner-only; the newest decision on a content wins", () => {
    const store = new AcceptanceStore(state());
    const hash = sha256("x");
    expect(store.decision("/p/A.tsx", hash)).toBeUndefined();
    store.record([{ path: "/p/A.tsx", sha256: hash, decision: "accepted", at: 1 }]);
    expect(store.decision("/p/A.tsx", hash)).toBe("accepted");
    expect(store.decision("/p/A.tsx", sha256("y"))).toBeUndefined();
    expect(store.decision("/p/B.tsx", hash)).toBeUndefined();
    store.record([{ path: "/p/A.tsx", sha256: hash, decision: "rejected", at: 2 }]);
    expect(new AcceptanceStore(state()).decision("/p/A.tsx", hash)).toBe("rejected");
    expect(mode(join(state(), ACCEPTED_FILE))).toBe("600");
    expect(mode(state())).toBe("700");
    const saved = JSON.parse(readFileSync(join(state(), ACCEPTED_FILE), "utf8"));
    expect(saved.files).toEqual([{ path: "/p/A.tsx", sha256: hash, decision: "rejected", at: 2 }]);
  });

  test("keeps the newest 16 versions of a file", () => {
    const store = new AcceptanceStore(state());
    for (let i = 0; i < 20; i++)
      store.record([{ path: "/p/A.tsx", sha256: sha256(`v${i}`), decision: "accepted", at: i }]);
    expect(store.entries()).toHaveLength(16);
    expect(store.decision("/p/A.tsx", sha256("v3"))).toBeUndefined();
    expect(store.decision("/p/A.tsx", sha256("v19"))).toBe("accepted");
  });

  test("a store file that is a link is neither read nor written; the file it points at is unchanged", () => {
    mkdirSync(state(), { recursive: true });
    const outside = join(fixture.dirs.project, "..", "outside.json");
    writeFileSync(outside, `{"files":[]}`);
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(state(), ACCEPTED_FILE));
    const store = new AcceptanceStore(state());
    expect(() => store.entries()).toThrow(LinkRefused);
    expect(() => store.record([{ path: "/p/A.tsx", sha256: sha256("x"), decision: "accepted", at: 1 }])).toThrow(
      LinkRefused,
    );
    expect([readFileSync(outside, "utf8"), mode(outside)]).toEqual([`{"files":[]}`, "644"]);
  });

  test("a malformed store accepts no file and says why", async () => {
    mkdirSync(state(), { recursive: true });
    writeFileSync(join(state(), ACCEPTED_FILE), "{ not json");
    fixture.dirs.write("Late.tsx", "export default () => <paragraph>late</paragraph>;\n");
    expect(await hud()).not.toContain("late");
    expect(fixture.notices.some((n) => n.includes(`cannot read ${join(state(), ACCEPTED_FILE)}`))).toBe(true);
  });
});

describe("decisions an older version kept in the data folder", () => {
  const legacy = () => join(data(), ACCEPTED_FILE);
  const writeLegacy = (files: object[]) => {
    mkdirSync(data(), { recursive: true });
    writeFileSync(legacy(), JSON.stringify({ version: 1, files }));
  };

  test("are moved to the state folder once: an accepted file still renders after the upgrade", async () => {
    const path = fixture.dirs.write("Kept.tsx", "export default () => <paragraph>kept before</paragraph>;\n");
    writeLegacy([{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 1 }]);
    expect(await hud()).toContain("kept before");
    const moved = JSON.parse(readFileSync(join(state(), ACCEPTED_FILE), "utf8"));
    expect(moved.files).toEqual([{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 1 }]);
    expect(mode(join(state(), ACCEPTED_FILE))).toBe("600");
    expect(mode(state())).toBe("700");
  });

  test("once moved, a later write to the old file decides nothing (the data folder no longer holds the gate)", async () => {
    fixture.dirs.write("Early.tsx", "export default () => <paragraph>early</paragraph>;\n");
    writeLegacy([]);
    expect(await hud()).not.toContain("early");
    expect(existsSync(join(state(), ACCEPTED_FILE))).toBe(true);
    const path = fixture.dirs.write("Planted.tsx", "export default () => <paragraph>planted</paragraph>;\n");
    writeLegacy([{ path, sha256: sha256(readFileSync(path)), decision: "accepted", at: 9 }]);
    clearFileComponents();
    expect(await hud()).not.toContain("planted");
    expect(AcceptanceStore.forPerson(fixture.dirs.env).decision(path, sha256(readFileSync(path)))).toBeUndefined();
  });

  test("a new decision made before any render keeps the old ones too", () => {
    writeLegacy([{ path: "/p/Old.tsx", sha256: sha256("old"), decision: "rejected", at: 1 }]);
    const store = AcceptanceStore.forPerson(fixture.dirs.env);
    store.record([{ path: "/p/New.tsx", sha256: sha256("new"), decision: "accepted", at: 2 }]);
    const fresh = new AcceptanceStore(state());
    expect(fresh.decision("/p/Old.tsx", sha256("old"))).toBe("rejected");
    expect(fresh.decision("/p/New.tsx", sha256("new"))).toBe("accepted");
  });
});

describe("what reaches the agent, and that no file's code runs in the plugin", () => {
  test("a file present before the plugin starts (a cloned repository) waits for accept; accepted, it renders in the sandbox and its marker is never written", async () => {
    const marker = join(fixture.dirs.root, "cloned-ran");
    const path = fixture.dirs.write("Cloned.tsx", marking(marker, "cloned text"));
    expect(await hud()).not.toContain("cloned text");
    expect(fixture.notices).toEqual([
      expect.stringMatching(
        /^agent-hud: \.opencode\/hud\/Cloned\.tsx is new or changed and will not reach the agent until you accept it: \/hud-edit, or agent-hud components accept \.opencode\/hud\/Cloned\.tsx [0-9a-f]{12}$/,
      ),
    ]);
    decide(path);
    expect(await hud()).toContain("cloned text");
    expect(existsSync(marker)).toBe(false);
  });

  test("a file the agent writes mid-session waits; accepted, it renders and its marker is never written", async () => {
    const marker = join(fixture.dirs.root, "agent-ran");
    fixture.dirs.write("Early.tsx", "export default () => <paragraph>early</paragraph>;\n");
    expect(await fixture.render()).toContain("early");
    const path = fixture.dirs.write("Written.tsx", marking(marker, "agent text"));
    expect(await hud()).not.toContain("agent text");
    decide(path);
    expect(await hud()).toContain("agent text");
    expect(existsSync(marker)).toBe(false);
  });

  test("after a restart an accepted file still renders in the sandbox, and a rejected one stays out", async () => {
    const marker = join(fixture.dirs.root, "restart-ran");
    const kept = fixture.dirs.write("Kept.tsx", marking(marker, "kept text"));
    const out = fixture.dirs.write("Out.tsx", marking(marker, "rejected text"));
    decide(kept);
    decide(out, "rejected");
    expect(await hud()).toContain("kept text");
    // a new process: nothing of the first one's memory, only the stored decisions
    clearFileComponents();
    const again = await hud();
    expect(again).toContain("kept text");
    expect(again).not.toContain("rejected text");
    expect(existsSync(marker)).toBe(false);
  });

  test("a changed file keeps its last accepted render until the new content is accepted", async () => {
    const path = fixture.dirs.write("Deploy.tsx", "export default () => <paragraph>deploy v1</paragraph>;\n");
    decide(path);
    expect(await hud()).toContain("deploy v1");
    writeFileSync(path, "export default () => <paragraph>deploy v2</paragraph>;\n");
    bump(path);
    const held = await hud();
    expect(held).toContain("deploy v1");
    expect(held).not.toContain("deploy v2");
    decide(path);
    expect(await hud()).toContain("deploy v2");
  });

  test("a helper changed after accept holds its component until the helper's new content is accepted", async () => {
    const helper = fixture.dirs.write("lib/word.ts", `export const word = "alpha";\n`);
    const path = fixture.dirs.write(
      "Word.tsx",
      `import { word } from "./lib/word.ts";\nexport default () => <paragraph>{word}</paragraph>;\n`,
    );
    expect(await fixture.render()).toContain("alpha");
    writeFileSync(helper, `export const word = "beta";\n`);
    bump(path);
    const held = await hud();
    expect(held).toContain("alpha");
    expect(held).not.toContain("beta");
    decide(helper);
    expect(await hud()).toContain("beta");
  });
});
