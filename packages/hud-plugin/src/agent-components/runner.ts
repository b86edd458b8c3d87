import type { Density, HudView } from "@agent-hud/hud-components";
import { h, type Child } from "@agent-hud/ujsx/core";
import { clipError } from "./clip-error.ts";
import { limits } from "./limits.ts";
import { toElements } from "./output.ts";
import { propsHash, propsJson, sameVersion, versionOf, type VersionKey } from "./props.ts";
import type { ComponentSandbox } from "./sandbox.ts";
import type { DensityOutput } from "./sandbox-protocol.ts";

export type RenderOutcome = { ok: true; elements: Child[] } | { ok: false; error: string };

/** One render of a sandboxed component: the sandbox's JSON, checked on the host. Never throws. */
export function renderOnce(sandbox: ComponentSandbox, name: string, view: HudView, density: Density): RenderOutcome {
  try {
    const called = sandbox.call(propsJson(view, density));
    if (!called.ok) return called;
    return { ok: true, elements: toElements(called.json, name) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: clipError(message, 240) };
  }
}

/** What a runner renders: an agent's definition or a component file (`label` names it in failure lines). */
export type Renderable = { name: string; source: string; label?: string };

export const failureLine = (what: Renderable, reason: string, kept: boolean): Child =>
  h(
    "paragraph",
    {},
    h("strong", {}, what.label ? "⚠ custom section failed" : "⚠ agent component failed"),
    ` ${what.label ?? what.name}: ${reason}${kept ? " (showing its last good output)" : ""}`,
  );

type Memo = { version: VersionKey; hash: bigint | number; density: Density; output: Child };

/** A density's answer from the sandbox process as elements checked on the host, or one line. Never throws. */
export function outcomeOf(output: DensityOutput, name: string): RenderOutcome {
  if (!output.ok) return output;
  try {
    return { ok: true, elements: toElements(output.json, name) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: clipError(message, 240) };
  }
}

/**
 * A defined component's renders, which the sandbox process produces ahead of the HUD (the HUD itself is
 * built synchronously): memoised by (state version, density), so an unchanged state costs no sandbox call;
 * a failure shows the last good output and one line; too many failures among its last renders (counted
 * once per state version, whatever the densities tried; see `failsTooOften`) switch it off through `onOff`,
 * so a component that fails now and then goes off too, not only one that fails in a row.
 */
export class ComponentRunner {
  private memo: Memo[] = [];
  private lastGood: Child[] | undefined;
  /** One entry per state version rendered, newest last: whether that state's render failed. */
  private recent: Array<{ version: VersionKey; failed: boolean }> = [];
  private asked: { version: VersionKey; densities: Set<Density> } | undefined;
  /** Whether its last render ran out of the call's budget (it then goes last in the next batch). */
  slow = false;
  /** The last render, for `components.show`: its good output and, when it failed, why. */
  last: { elements?: Child[]; error?: string } | undefined;

  constructor(
    readonly definition: Renderable,
    private readonly onOff: (reason: string) => void,
  ) {}

  /** A render kept by an earlier process: shown until this one has rendered (never counted as a result). */
  seed(elements: Child[]): void {
    this.lastGood ??= elements;
  }

  /** Whether it has an output to show while a render is pending. */
  get hasOutput(): boolean {
    return this.lastGood !== undefined;
  }

  /**
   * The densities of `wanted`, and those the latest HUD asked of it (the budget fitter steps a section down
   * from the HUD's density, so a section it shrank is asked at both), that have no render for this state.
   */
  missing(view: HudView, wanted: readonly Density[]): Density[] {
    const version = versionOf(view);
    return [...new Set([...wanted, ...(this.asked?.densities ?? [])])].filter(
      (density) =>
        !this.memo.some((m) => m.density === density && sameVersion(m.version, version)) &&
        !this.reuse(view, version, density),
    );
  }

  /** Takes a render's outcome for this state version and density. */
  settle(view: HudView, density: Density, outcome: RenderOutcome): void {
    const version = versionOf(view);
    this.count(version, !outcome.ok);
    const output = outcome.ok ? this.good(outcome.elements) : this.failed(outcome.error);
    this.remember({ version, hash: propsHash(view), density, output });
  }

  /** A new state version whose props hash to an earlier render's takes that render (no sandbox call). */
  private reuse(view: HudView, version: VersionKey, density: Density): boolean {
    const hash = propsHash(view);
    const hit = this.memo.find((m) => m.density === density && m.hash === hash);
    if (hit) this.remember({ ...hit, version });
    return hit !== undefined;
  }

  private remember(memo: Memo): void {
    this.memo.unshift(memo);
    if (this.memo.length > 6) this.memo.length = 6;
  }

  /** The memoised render (or one of props that hash the same), else the last good output. */
  render(view: HudView, density: Density): Child {
    const version = versionOf(view);
    // what this HUD asks is rendered ahead for the next state; a miss now is rendered before the call goes out
    // the densities earlier HUDs asked for carry over: the next state is rendered ahead at each of them
    if (!this.asked || !sameVersion(this.asked.version, version))
      this.asked = { version, densities: new Set(this.asked?.densities) };
    this.asked.densities.add(density);
    const hit = this.memo.find((m) => m.density === density && sameVersion(m.version, version));
    if (hit) return hit.output;
    if (this.reuse(view, version, density)) return this.memo[0]!.output;
    return this.lastGood ?? null;
  }

  /** A state counts once in the window: failed if any density of it failed. */
  private count(version: VersionKey, failed: boolean): void {
    const last = this.recent.at(-1);
    if (last && sameVersion(last.version, version)) last.failed ||= failed;
    else this.recent.push({ version, failed });
    if (this.recent.length > limits.failureWindow) this.recent.shift();
  }

  private good(elements: Child[]): Child {
    this.lastGood = elements;
    this.last = { elements };
    return elements;
  }

  private failed(reason: string): Child {
    this.last = { ...(this.lastGood ? { elements: this.lastGood } : {}), error: reason };
    if (failsTooOften(this.recent.map((r) => r.failed))) this.onOff(reason);
    return [...(this.lastGood ?? []), failureLine(this.definition, reason, this.lastGood !== undefined)];
  }
}

/**
 * The switch-off rule over a component's recent renders (oldest first, `true` for a failed one):
 * `failuresToOff` among the last `failureWindow`, or the last `failuresInARow` all failed.
 */
export function failsTooOften(
  failed: readonly boolean[],
  rule: { failuresToOff: number; failureWindow: number; failuresInARow: number } = limits,
): boolean {
  const tail = failed.slice(-rule.failuresInARow);
  if (tail.length === rule.failuresInARow && tail.every(Boolean)) return true;
  return failed.slice(-rule.failureWindow).filter(Boolean).length >= rule.failuresToOff;
}

/** The rule as the person reads it in a switch-off line (3 in a row is 2 of the last 10 as well). */
export const tooOften = `${limits.failuresToOff} of its last ${limits.failureWindow} renders`;
