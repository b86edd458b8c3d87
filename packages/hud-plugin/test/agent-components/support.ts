import { emptyState, replay, type Density, type HudView } from "@agent-hud/hud-components";
import { resolve, toMarkdown } from "@agent-hud/ujsx";
import { newEngine } from "../../src/agent-components/quickjs.ts";
import { renderOnce } from "../../src/agent-components/runner.ts";
import { ComponentSandbox } from "../../src/agent-components/sandbox.ts";
import { transpile } from "../../src/agent-components/transpile.ts";

export const sampleView = (): HudView => ({
  session: replay("session", [
    { kind: "task.set", at: 1, description: "migrate the users table" },
    { kind: "step.add", at: 2, description: "copy rows" },
  ]),
  project: emptyState("project"),
});

/**
 * What happens to a source on the define path, as one line: `refused: …` (transpile or module evaluation),
 * `failed: …` (its first render), or the markdown it renders. `renderMs` replaces the render's time limit.
 */
export async function outcomeOf(
  source: string,
  view = sampleView(),
  density: Density = "full",
  renderMs?: number,
): Promise<string> {
  const code = transpile(source);
  if (!code.ok) return `refused: ${code.error}`;
  const opened = ComponentSandbox.open(await newEngine(), code.code, renderMs);
  if (!opened.ok) return `refused: ${opened.error}`;
  try {
    const outcome = renderOnce(opened.sandbox, "C", view, density);
    return outcome.ok ? toMarkdown(resolve(outcome.elements)).trimEnd() : `failed: ${outcome.error}`;
  } finally {
    opened.sandbox.dispose();
  }
}
