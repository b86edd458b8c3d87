import type { Density } from "@agent-hud/hud-components";

/** One component's render as the sandbox process runs it (a batch's item with the batch's props and limits). */
export type RenderOne = {
  id: number;
  op: "render";
  key: string;
  source: string;
  props: string;
  densities: Density[];
  loadMs: number;
  renderMs: number;
  /** Open a fresh sandbox even if one is kept under this key (a define's check). */
  fresh?: boolean;
} & FileModule;

/**
 * A component file: its name in its folder (`entry`) and the helpers it imports, as text by folder-relative
 * path; the sandbox process compiles and links them. Absent for an agent's component, which imports nothing.
 */
export type FileModule = { entry?: string; helpers?: Record<string, string> };

/** Host → sandbox process. `source` travels with every render so a rebuilt process can open it again. */
export type SandboxRequest =
  /**
   * One LLM call's renders in one message: the props travel once; item `i` answers as render `first + i`,
   * so the host still knows which one was running when the deadline came.
   */
  | {
      id: number;
      op: "batch";
      first: number;
      props: string;
      items: Array<{ key: string; source: string; densities: Density[]; fresh?: boolean } & FileModule>;
      loadMs: number;
      renderMs: number;
    }
  | { id: number; op: "close"; key: string };

export type DensityOutput =
  { density: Density; ok: true; json: string } | { density: Density; ok: false; error: string };

/** Sandbox process → host: `ready` once QuickJS is compiled, then one answer per render, in order. */
export type SandboxReply =
  | { id: 0; op: "ready" }
  /** Around the compile and load of a new sandbox, which the call's budget does not count (`BudgetClock`). */
  | { id: number; op: "opening" }
  | { id: number; op: "opened" }
  /** `opened`: the render needed a new sandbox (the first, or the last one was dropped). */
  | { id: number; op: "rendered"; ok: true; outputs: DensityOutput[]; opened: boolean }
  | { id: number; op: "rendered"; ok: false; error: string };
