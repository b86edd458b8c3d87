import { afterEach, beforeEach } from "bun:test";
import { emptyState, replay, type Density, type HudView } from "@agent-hud/hud-components";
import { resolve, toMarkdown } from "@agent-hud/ujsx";
import { newEngine } from "../../src/agent-components/quickjs.ts";
import { renderOnce } from "../../src/agent-components/runner.ts";
import { ComponentSandbox } from "../../src/agent-components/sandbox.ts";
import { timing } from "../../src/agent-components/sandbox-client.ts";
import { transpile } from "../../src/agent-components/transpile.ts";
import { fakeOpencode, type FakeOpencode } from "../helpers/fake-opencode.ts";

export const sampleView = (): HudView => ({
  session: replay("session", [
    { kind: "task.set", at: 1, description: "migrate the users table" },
    { kind: "step.add", at: 2, description: "copy rows" },
  ]),
  project: emptyState("project"),
});

/**
 * Time limits no render or load nears on a loaded machine: a test whose outcome is not a time-out gets them,
 * since the real 20 ms render and 100 ms load are wall time (a busy machine made a valid component's load
 * take over 100 ms, so its define was refused, in 1 of 40 runs of the agent-component tests).
 */
export const RELAXED_MS = 5_000;

/**
 * What happens to a source on the define path, as one line: `refused: …` (transpile or module evaluation),
 * `failed: …` (its first render), or the markdown it renders. `renderMs` and `loadMs` replace the real
 * time limits.
 */
export async function outcomeOf(
  source: string,
  view = sampleView(),
  density: Density = "full",
  renderMs?: number,
  loadMs?: number,
): Promise<string> {
  const code = transpile(source);
  if (!code.ok) return `refused: ${code.error}`;
  const opened = ComponentSandbox.open(await newEngine(), code.code, renderMs, loadMs);
  if (!opened.ok) return `refused: ${opened.error}`;
  try {
    const outcome = renderOnce(opened.sandbox, "C", view, density);
    return outcome.ok ? toMarkdown(resolve(outcome.elements)).trimEnd() : `failed: ${outcome.error}`;
  } finally {
    opened.sandbox.dispose();
  }
}

/**
 * Gives every sandbox the plugin opens from now on the relaxed limits (the render's and the call budget stay
 * real with `{ render: "real" }`, for a test that expects a render to time out); returns the undo.
 */
export function relaxTimeLimits(keep: { render?: "real" } = {}): () => void {
  const saved = { ...timing };
  timing.loadMs = RELAXED_MS;
  timing.defineMs = RELAXED_MS * 2;
  if (!keep.render) {
    timing.renderMs = RELAXED_MS;
    timing.budgetMs = RELAXED_MS * 2;
  }
  return () => {
    Object.assign(timing, saved);
    if (saved.budgetMs === undefined) delete timing.budgetMs;
  };
}

/**
 * A fake opencode per test with relaxed time limits (a component here fails for what it does, never because
 * the machine was busy); `use` receives each test's instance.
 */
export function relaxedOpencodePerTest(use: (oc: FakeOpencode) => void): void {
  let oc: FakeOpencode;
  let undo: () => void;
  beforeEach(async () => {
    undo = relaxTimeLimits();
    oc = await fakeOpencode();
    use(oc);
  });
  afterEach(async () => {
    await oc.close();
    undo();
  });
}
