import { afterEach, beforeEach } from "bun:test";
import {
  emptyState,
  makeContextInfo,
  renderHud,
  replay,
  type CustomSection,
  type HudView,
} from "@agent-hud/hud-components";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { clearComponentFiles, loadComponentFiles } from "../../src/component-files/index.ts";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";

/** A throw-away project folder and global config folder for component files. */
export function tempDirs() {
  const root = mkdtempSync(join(tmpdir(), "hud-custom-"));
  const project = join(root, "project");
  const configHome = join(root, "config");
  mkdirSync(project, { recursive: true });
  return {
    project,
    globalDir: join(configHome, "opencode", "hud"),
    env: { XDG_CONFIG_HOME: configHome, HOME: join(root, "home") },
    /** Writes a file under the project's `.opencode/hud/`. */
    write(name: string, source: string) {
      const path = join(project, ".opencode", "hud", name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, source);
      return path;
    },
    writeGlobal(name: string, source: string) {
      const path = join(configHome, "opencode", "hud", name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, source);
      return path;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A HUD with a task set, rendered at full density with the given custom sections. */
export function render(custom: CustomSection[], directory = "/project"): string {
  const session = replay("session", [{ kind: "task.set", at: 1, description: "ship the loader" }]);
  const view: HudView = { session, project: emptyState("project") };
  return renderHud(view, makeContextInfo({ usedTokens: 1_000, usableTokens: 100_000 }), {
    custom,
    directory,
    tokenizer: bpeTokenizer,
  }).markdown;
}

/**
 * Fresh folders and an empty loader cache around every test of the calling file. `dirs` is read through the
 * returned object because it is replaced before each test.
 */
export function useTempDirs() {
  const fixture = {
    dirs: undefined as unknown as ReturnType<typeof tempDirs>,
    load: () => loadComponentFiles(fixture.dirs.project, { env: fixture.dirs.env }),
  };
  beforeEach(() => {
    fixture.dirs = tempDirs();
    clearComponentFiles();
  });
  afterEach(() => fixture.dirs.cleanup());
  return fixture;
}
