// A file write is not a code grant: component files present when the plugin starts load; one created or
// changed afterwards runs only once the person accepted that exact content, and until then the HUD keeps
// the component's last accepted render.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
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
import { AcceptanceStore, ACCEPTED_FILE, sha256 } from "../../src/component-files/acceptance.ts";
import { clearComponentGates, startComponentGate, verdict } from "../../src/component-files/gate.ts";
import { hudRoots } from "../../src/component-files/roots.ts";
import { LinkRefused } from "../../src/store/private-files.ts";
import { render, useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
let data: string;
let notices: string[];
beforeEach(() => {
  clearComponentGates();
  data = join(fixture.dirs.project, "..", "data");
  notices = [];
});
afterEach(() => clearComponentGates());

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const start = () =>
  startComponentGate({
    directory: fixture.dirs.project,
    roots: hudRoots(fixture.dirs.project, { env: fixture.dirs.env }),
    dataDir: data,
    notify: (line) => void notices.push(line),
    now: () => 1,
  });
/** A component that leaves a file behind when its module runs: proof of execution, not of rendering. */
const marking = (marker: string, text: string) =>
  `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\nexport default () => <paragraph>${text}</paragraph>;\n`;
const accept = (path: string, decision: "accepted" | "rejected" = "accepted") =>
  new AcceptanceStore(data).record([{ path, sha256: sha256(readFileSync(path)), decision, at: 2 }]);
const bump = (path: string) => utimesSync(path, new Date(), new Date(Date.now() + 5_000));

describe("the acceptance store", () => {
  test("records path and sha256 owner-only; the newest decision on a content wins", () => {
    const store = new AcceptanceStore(data);
    const hash = sha256("x");
    expect(store.decision("/p/A.tsx", hash)).toBeUndefined();
    store.record([{ path: "/p/A.tsx", sha256: hash, decision: "accepted", at: 1 }]);
    expect(store.decision("/p/A.tsx", hash)).toBe("accepted");
    expect(store.decision("/p/A.tsx", sha256("y"))).toBeUndefined();
    expect(store.decision("/p/B.tsx", hash)).toBeUndefined();
    store.record([{ path: "/p/A.tsx", sha256: hash, decision: "rejected", at: 2 }]);
    expect(new AcceptanceStore(data).decision("/p/A.tsx", hash)).toBe("rejected");
    expect(mode(join(data, ACCEPTED_FILE))).toBe("600");
    expect(mode(data)).toBe("700");
    const saved = JSON.parse(readFileSync(join(data, ACCEPTED_FILE), "utf8"));
    expect(saved.files).toEqual([{ path: "/p/A.tsx", sha256: hash, decision: "rejected", at: 2 }]);
  });

  test("keeps the newest 16 versions of a file", () => {
    const store = new AcceptanceStore(data);
    for (let i = 0; i < 20; i++)
      store.record([{ path: "/p/A.tsx", sha256: sha256(`v${i}`), decision: "accepted", at: i }]);
    expect(store.entries()).toHaveLength(16);
    expect(store.decision("/p/A.tsx", sha256("v3"))).toBeUndefined();
    expect(store.decision("/p/A.tsx", sha256("v19"))).toBe("accepted");
  });

  test("a store file that is a link is neither read nor written; the file it points at is unchanged", () => {
    mkdirSync(data, { recursive: true });
    const outside = join(fixture.dirs.project, "..", "outside.json");
    writeFileSync(outside, `{"files":[]}`);
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(data, ACCEPTED_FILE));
    const store = new AcceptanceStore(data);
    expect(() => store.entries()).toThrow(LinkRefused);
    expect(() => store.record([{ path: "/p/A.tsx", sha256: sha256("x"), decision: "accepted", at: 1 }])).toThrow(
      LinkRefused,
    );
    expect([readFileSync(outside, "utf8"), mode(outside)]).toEqual([`{"files":[]}`, "644"]);
  });

  test("a malformed store accepts nothing and says why", () => {
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, ACCEPTED_FILE), "{ not json");
    const gate = start();
    const path = fixture.dirs.write("Late.tsx", "export default () => null;\n");
    expect(verdict(gate, path, readFileSync(path))).toBe("waiting");
    expect(notices.some((n) => n.includes(`cannot read ${join(data, ACCEPTED_FILE)}`))).toBe(true);
  });
});

describe("the loader's decision", () => {
  test("a file present at start runs; one created afterwards does not run until accepted", () => {
    const marker = join(data, "..", "late-ran");
    fixture.dirs.write("Early.tsx", `export default () => <paragraph>early</paragraph>;\n`);
    start();
    expect(render(fixture.load())).toContain("early");
    const late = fixture.dirs.write("Late.tsx", marking(marker, "late"));
    const held = render(fixture.load());
    expect(held).toContain("early");
    expect(held).not.toContain("late");
    expect(existsSync(marker)).toBe(false);
    // asked again on every render while nothing changed: still held, still said once
    fixture.load();
    expect(existsSync(marker)).toBe(false);
    const rel = join(".opencode", "hud", "Late.tsx");
    expect(notices).toEqual([
      `agent-hud: ${rel} was written while opencode ran and will not run until you accept it: /hud-edit, or agent-hud components accept ${rel}`,
    ]);
    accept(late);
    expect(render(fixture.load())).toContain("late");
    expect(readFileSync(marker, "utf8")).toBe("ran");
  });

  test("a changed file keeps its last accepted render until the new content is accepted", () => {
    const marker = join(data, "..", "v2-ran");
    const path = fixture.dirs.write("Edit.tsx", `export default () => <paragraph>version one</paragraph>;\n`);
    start();
    expect(render(fixture.load())).toContain("version one");
    fixture.dirs.write("Edit.tsx", marking(marker, "version two"));
    bump(path);
    const held = render(fixture.load());
    expect(held).toContain("version one");
    expect(held).not.toContain("version two");
    expect(existsSync(marker)).toBe(false);
    accept(path);
    const md = render(fixture.load());
    expect(md).toContain("version two");
    expect(md).not.toContain("version one");
    expect(existsSync(marker)).toBe(true);
  });

  test("changed back to the content present at start, it runs again without a decision", () => {
    const v1 = `export default () => <paragraph>version one</paragraph>;\n`;
    const path = fixture.dirs.write("Back.tsx", v1);
    start();
    fixture.load();
    fixture.dirs.write("Back.tsx", `export default () => <paragraph>version two</paragraph>;\n`);
    bump(path);
    expect(render(fixture.load())).toContain("version one");
    fixture.dirs.write("Back.tsx", v1);
    utimesSync(path, new Date(), new Date(Date.now() + 10_000));
    expect(render(fixture.load())).toContain("version one");
    expect(notices).toHaveLength(1);
  });

  test("a rejected content stays out, without a second notice", () => {
    const marker = join(data, "..", "rejected-ran");
    start();
    const path = fixture.dirs.write("No.tsx", marking(marker, "rejected"));
    fixture.load();
    accept(path, "rejected");
    expect(render(fixture.load())).not.toContain("rejected");
    expect(existsSync(marker)).toBe(false);
    expect(notices).toHaveLength(1);
  });

  test("a helper changed after start does not run through an accepted component that imports it", () => {
    const marker = join(data, "..", "helper-ran");
    fixture.dirs.write("lib/word.ts", `export const word = "alpha";\n`);
    const path = fixture.dirs.write(
      "Uses.tsx",
      `import { word } from "./lib/word.ts";\nexport default () => <paragraph>word {word}</paragraph>;\n`,
    );
    start();
    expect(render(fixture.load())).toContain("word alpha");
    fixture.dirs.write(
      "lib/word.ts",
      `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\nexport const word = "beta";\n`,
    );
    // the component itself changes (and is accepted), so it is evaluated again with its helper
    fixture.dirs.write(
      "Uses.tsx",
      `import { word } from "./lib/word.ts";\nexport default () => <paragraph>the word {word}</paragraph>;\n`,
    );
    bump(path);
    accept(path);
    const md = render(fixture.load());
    expect(md).toContain("lib/word.ts changed while opencode ran and waits for your acceptance");
    expect(existsSync(marker)).toBe(false);
  });

  test("a second start in the same process keeps the first picture", () => {
    start();
    const path = fixture.dirs.write("Late.tsx", `export default () => <paragraph>late</paragraph>;\n`);
    const again = start();
    expect(verdict(again, path, readFileSync(path))).toBe("waiting");
  });

  test("the global folder is gated too", () => {
    start();
    fixture.dirs.writeGlobal("Global.tsx", `export default () => <paragraph>global late</paragraph>;\n`);
    expect(render(fixture.load())).not.toContain("global late");
    expect(notices).toHaveLength(1);
  });
});
