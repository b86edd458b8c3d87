import { afterEach, beforeEach } from "bun:test";
import { emptyState, makeContextInfo, renderHud, replay, type HudView } from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { AgentComponents } from "../../src/agent-components/registry.ts";
import { AcceptanceStore } from "../../src/component-files/acceptance.ts";
import { clearFileComponents, fileComponents } from "../../src/component-files/index.ts";
import { reviewComponents } from "../../src/component-files/review.ts";
import { relaxTimeLimits } from "../agent-components/support.ts";

/** A throw-away project folder, global config folder, data and state folders for component files. */
export function tempDirs() {
  const root = mkdtempSync(join(tmpdir(), "hud-custom-"));
  const project = join(root, "project");
  const configHome = join(root, "config");
  mkdirSync(project, { recursive: true });
  const writeUnder = (dir: string, name: string, source: string) => {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, source);
    return path;
  };
  return {
    root,
    project,
    /** The default data folder of `env`: where an older version kept the decisions. */
    data: join(root, "data", "opencode", "hud"),
    globalDir: join(configHome, "opencode", "hud"),
    /** The decisions land in `${HOME}/.local/state/agent-hud`. */
    env: { XDG_CONFIG_HOME: configHome, XDG_DATA_HOME: join(root, "data"), HOME: join(root, "home") },
    /** Writes a file under the project's `.opencode/hud/`. */
    write: (name: string, source: string) => writeUnder(join(project, ".opencode", "hud"), name, source),
    writeGlobal: (name: string, source: string) => writeUnder(join(configHome, "opencode", "hud"), name, source),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A view with a task set. */
export const taskView = (): HudView => ({
  session: replay("session", [{ kind: "task.set", at: 1, description: "ship the loader" }]),
  project: emptyState("project"),
});

/**
 * Fresh folders, an empty file cache and relaxed sandbox time limits around every test of the calling file.
 * `render` goes the plugin's way: the files read as text, rendered in the sandbox process, placed by the HUD.
 * `dirs` is read through the returned object because it is replaced before each test.
 */
export function useTempDirs() {
  let undo = () => {};
  let agents: AgentComponents | undefined;
  const fixture = {
    dirs: undefined as unknown as ReturnType<typeof tempDirs>,
    notices: [] as string[],
    gate: () => ({ dataDir: fixture.dirs.data, notify: (line: string) => fixture.notices.push(line) }),
    load: () => fileComponents(fixture.dirs.project, fixture.gate(), { env: fixture.dirs.env }),
    /** Records the person's accept of every component file's current content (project and global). */
    acceptAll() {
      const files = reviewComponents(fixture.dirs.project, { env: fixture.dirs.env });
      AcceptanceStore.forPerson(fixture.dirs.env).record(
        files.map((f) => ({ path: f.path, sha256: f.sha256, decision: "accepted" as const, at: 1 })),
      );
    },
    /** The HUD's markdown at full density; the project's files accepted first unless `accept` is false. */
    async render(options: { accept?: boolean; view?: HudView } = {}): Promise<string> {
      if (options.accept !== false) fixture.acceptAll();
      const view = options.view ?? taskView();
      const files = fixture.load();
      agents ??= new AgentComponents({ enabled: true, maxCount: 8, budgetMs: 10_000 }, () => 1);
      agents.setFiles(files.files);
      await agents.prepare(view, "full");
      const context = makeContextInfo({ usedTokens: 1_000, usableTokens: 100_000 });
      return renderHud(view, context, { custom: agents.sections(view, files.failed), tokenizer: bpeTokenizer })
        .markdown;
    },
  };
  beforeEach(() => {
    fixture.dirs = tempDirs();
    fixture.notices = [];
    clearFileComponents();
    undo = relaxTimeLimits();
  });
  afterEach(() => {
    agents?.close();
    agents = undefined;
    undo();
    fixture.dirs.cleanup();
  });
  return fixture;
}
