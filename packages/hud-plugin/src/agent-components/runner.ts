import type { Density, HudView } from "@agent-hud/hud-components";
import type { AgentComponent } from "@agent-hud/hud-components/internal";
import { h, type Child } from "@agent-hud/ujsx/core";
import { limits } from "./limits.ts";
import { toElements } from "./output.ts";
import { propsJson, sameVersion, versionOf, type VersionKey } from "./props.ts";
import type { ComponentSandbox } from "./sandbox.ts";

export type RenderOutcome = { ok: true; elements: Child[] } | { ok: false; error: string };

/** One render of a sandboxed component: the sandbox's JSON, checked on the host. Never throws. */
export function renderOnce(sandbox: ComponentSandbox, name: string, view: HudView, density: Density): RenderOutcome {
  try {
    const called = sandbox.call(propsJson(view, density));
    if (!called.ok) return called;
    return { ok: true, elements: toElements(called.json, name) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: (message.split("\n")[0] ?? "").slice(0, 240) };
  }
}

export const failureLine = (name: string, reason: string, kept: boolean): Child =>
  h(
    "paragraph",
    {},
    h("strong", {}, "⚠ agent component failed"),
    ` ${name}: ${reason}${kept ? " (showing its last good output)" : ""}`,
  );

type Memo = { version: VersionKey; density: Density; output: Child };

/**
 * A defined component's renders: memoised by (state version, density), so an unchanged state costs no
 * sandbox call; a failure shows the last good output and one line; `failuresInARow` failures (counted once
 * per state version, whatever the densities tried) switch it off through `onOff`.
 */
export class ComponentRunner {
  private memo: Memo[] = [];
  private lastGood: Child[] | undefined;
  private failures = 0;
  private failedAt: VersionKey | undefined;
  private failure: Child | undefined;
  /** The last render, for `components.show`: its good output and, when it failed, why. */
  last: { elements?: Child[]; error?: string } | undefined;

  constructor(
    readonly definition: AgentComponent,
    private readonly sandbox: () => ComponentSandbox | { error: string } | undefined,
    private readonly onOff: (reason: string) => void,
    /** The sandbox may be unusable after this failure: the host opens a new one before the next call. */
    private readonly onBroken: () => void,
  ) {}

  render(view: HudView, density: Density): Child {
    const version = versionOf(view);
    const hit = this.memo.find((m) => m.density === density && sameVersion(m.version, version));
    if (hit) return hit.output;
    const sandbox = this.sandbox();
    // QuickJS has not loaded yet (a render outside an LLM call): nothing now, not memoised
    if (sandbox === undefined) return this.lastGood ?? null;
    const outcome =
      "error" in sandbox
        ? ({ ok: false, error: sandbox.error } as const)
        : renderOnce(sandbox, this.definition.name, view, density);
    const output = outcome.ok ? this.good(outcome.elements) : this.failed(outcome.error, version);
    this.memo.unshift({ version, density, output });
    if (this.memo.length > 3) this.memo.length = 3;
    return output;
  }

  private good(elements: Child[]): Child {
    this.failures = 0;
    this.failedAt = undefined;
    this.lastGood = elements;
    this.last = { elements };
    return elements;
  }

  private failed(reason: string, version: VersionKey): Child {
    if (!this.failedAt || !sameVersion(this.failedAt, version)) this.failures++;
    this.failedAt = version;
    this.last = { ...(this.lastGood ? { elements: this.lastGood } : {}), error: reason };
    if (this.failures >= limits.failuresInARow) this.onOff(reason);
    this.failure = [...(this.lastGood ?? []), failureLine(this.definition.name, reason, this.lastGood !== undefined)];
    return this.failure;
  }
}
