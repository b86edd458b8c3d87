import {
  defaultBudgets,
  makeContextInfo,
  renderHud,
  type ContextInfo,
  type HudEvent,
  type HudState,
  type HudProps,
  type HudView,
  type ProjectorOptions,
  type RenderResult,
} from "@agent-hud/hud-components";
import type { HudConfig } from "../config/index.ts";
import { fileComponents, type FileGate } from "../component-files/index.ts";
import { AgentComponents } from "../agent-components/registry.ts";
import { StoredRenders } from "../agent-components/stored-renders.ts";
import { countingTokenizer } from "./counting.ts";
import { renderAhead } from "./render-ahead.ts";
import type { Logger } from "../log/index.ts";
import type { MemoryFileSync } from "../memory-file/index.ts";
import { projectMemory } from "./project-memory.ts";
import { validateSessionID } from "../store/index.ts";
import { DeferredWrites } from "./deferred-writes.ts";
import { newHolder, type Holder } from "./liveness.ts";
import { resumeHint, resumeSource, type ResumeDeps } from "./resume.ts";
import type { EventLog } from "../store/ports.ts";
import { SessionRuntime } from "./session-runtime.ts";
import { StreamCache, type FoldOutcome } from "./stream-cache.ts";

export type RuntimeDeps = {
  store: EventLog;
  config: HudConfig;
  log: Logger;
  directory: string;
  projectKey: string;
  now: () => number;
  /** Top of the project (where `.opencode/hud/memory.md` lives); defaults to `directory`. */
  worktree?: string;
  /** The privacy redactor's deep form: the memory file's text passes it before it is written. */
  redact?: <T>(value: T) => T;
  /** Whether the host can compact on the agent's request now (default true). */
  compactTool?: () => boolean;
  /** The person's decisions on component files; without it a project's files wait (tests). */
  componentGate?: FileGate;
  /** A short-lived process: components show their stored renders, no sandbox is started. */
  storedRendersOnly?: boolean;
};

const MAX_SESSIONS = 256;
export type ScopedEvent = { scope: "session" | "project"; event: HudEvent };

/** A render and what it was rendered from (the person's views rebuild the same component tree from it). */
export type Rendered = { result: RenderResult; input: HudProps };

/**
 * The plugin's state: one StreamCache per stream, caught up from the store before every read so events
 * written by another opencode process show up on the next call.
 */
export class HudRuntime {
  private readonly sessions = new Map<string, SessionRuntime>();
  private readonly project: StreamCache;
  private readonly deferred: DeferredWrites;
  /** This instance, as recorded on every session it touches: how other instances tell it is still running. */
  private readonly holder: Holder = newHolder();
  /** The estimate, or o200k behind a byte bound until it loads (`counting.ts`): the start never pays for it. */
  private readonly tokenizer: ReturnType<typeof countingTokenizer>;
  readonly projector: ProjectorOptions;
  /** The memory file's sync, unless the project opted out. */
  readonly memory: MemoryFileSync | undefined;
  /** The agent's sandboxed components (`components.define`). */
  readonly agents: AgentComponents;
  private readonly resume: ResumeDeps;
  private closed = false;

  constructor(readonly deps: RuntimeDeps) {
    this.projector = { caps: deps.config.caps };
    this.tokenizer = countingTokenizer(deps.config.tokenizer);
    this.project = new StreamCache(`project:${deps.projectKey}`, "project", this.projector);
    this.deferred = new DeferredWrites(deps.store, deps.projectKey, deps.log, this.holder.id);
    const stored = deps.componentGate ? new StoredRenders(deps.componentGate.dataDir, deps.now) : undefined;
    this.agents = new AgentComponents(deps.config.agentComponents, deps.now, stored, deps.storedRendersOnly);
    this.resume = {
      store: deps.store,
      projectKey: deps.projectKey,
      now: deps.now,
      projector: this.projector,
      queuedTouches: () => this.deferred.queuedTouches(),
    };
    this.memory = projectMemory(deps, this.project);
  }

  /**
   * The session's runtime (one line thrown for a bad id). A server sees many sessions over days: only the
   * most recently used stay in memory, an evicted one is rebuilt from the store when it comes back.
   */
  session(sessionID: string): SessionRuntime {
    let session = this.sessions.get(sessionID);
    if (session) this.sessions.delete(sessionID);
    else session = new SessionRuntime(validateSessionID(sessionID), this.projector);
    this.sessions.set(sessionID, session);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }

  /** A deleted session: what is queued is written first, then its runtime dropped (rows: `store/forget.ts`). */
  forget(sessionID: string): void {
    this.flushDeferred();
    this.sessions.delete(sessionID);
  }

  /**
   * The memory-file sync step, before a HUD goes out or a tool plans: a changed `memory.md` becomes a
   * `memory.sync` event. Its own step because it writes, and `view`/`render` never do. Never throws.
   */
  async syncMemoryFile(): Promise<void> {
    await this.memory?.prepare();
  }

  /** Folds new events of the session, its parent and the project; writes nothing. */
  refresh(session: SessionRuntime): void {
    session.cache.catchUp(this.deps.store);
    this.project.catchUp(this.deps.store);
    session.parentID ??= session.cache.state.parentID;
    if (session.parentID) this.session(session.parentID).cache.catchUp(this.deps.store);
  }

  view(session: SessionRuntime): HudView {
    this.refresh(session);
    const view: HudView = { session: session.cache.state, project: this.project.state };
    if (session.parentID) view.parent = this.session(session.parentID).cache.state;
    const resume = resumeHint(session, this.resume);
    if (resume) view.resume = resume;
    return view;
  }

  /**
   * Appends events (grouped per stream, one transaction each) and returns the reducer's outcome per event.
   * `show` gets the HUD after the change: the render ahead's (after the last of a burst), so a change
   * shown to the person's views costs no render of its own; now, where no render ahead runs.
   */
  record(session: SessionRuntime, events: ScopedEvent[], show?: (rendered: Rendered) => void): FoldOutcome[] {
    // queued turns first, so the log keeps the order in which things happened
    this.deferred.flush();
    const outcomes: FoldOutcome[] = [];
    for (const scope of ["session", "project"] as const) {
      const group = events.map((e, index) => ({ ...e, index })).filter((e) => e.scope === scope);
      if (group.length === 0) continue;
      const cache = scope === "session" ? session.cache : this.project;
      const seqs = this.deps.store.append(
        cache.stream,
        group.map((e) => e.event),
      );
      const folded = cache.catchUp(this.deps.store, new Set(seqs));
      group.forEach((e, i) => {
        const seq = seqs[i];
        // A buffered event whose provisional seq moved before it was read back (another process committed
        // in between) has no outcome to show; its ids are as unknown as a pending one's.
        outcomes[e.index] = seq === undefined ? { ok: true } : (folded.get(seq) ?? { ok: true, pending: true });
      });
      if (scope === "project") this.memory?.schedule();
    }
    const view = () => (this.closed ? undefined : (this.syncFiles(), this.view(session)));
    const layout = !this.deps.storedRendersOnly && {
      key: session,
      run: () => this.closed || session.show(this.render(session)),
    };
    session.showAhead = show ?? session.showAhead;
    renderAhead(this.agents, view, session.lastGood?.density, this.deps.log, layout);
    if (show && !layout) session.show(this.render(session));
    return outcomes;
  }

  context(session: SessionRuntime): ContextInfo {
    const usage = session.tracker.usage();
    return makeContextInfo(
      { usedTokens: usage.usedTokens, usableTokens: usage.usableTokens, history: usage.history },
      this.deps.config.thresholds,
    );
  }

  /**
   * Renders the session's HUD and writes nothing: the caller keeps the render with `keep`. On failure the
   * last good HUD is returned (logged once per distinct error), so an LLM call never goes out with a broken
   * or missing HUD when a good one existed.
   */
  render(session: SessionRuntime, context?: ContextInfo, built?: HudView): Rendered | undefined {
    try {
      const view = built ?? this.view(session);
      const files = this.syncFiles();
      const input: HudProps = {
        view,
        context: context ?? this.context(session),
        options: {
          budgets: this.deps.config.budgets,
          now: this.deps.now(),
          directory: this.deps.directory,
          sections: this.deps.config.sections,
          custom: this.agents.sections(view, files.failed),
          tokenizer: this.tokenizer.current,
          compactTool: this.deps.compactTool?.() ?? true,
        },
      };
      return { result: renderHud(input.view, input.context, input.options), input };
    } catch (error) {
      this.deps.log.once(
        `render:${String(error)}`,
        "error",
        `agent-hud: render failed, using the last good HUD: ${String(error)}`,
      );
      const { lastGood, lastInput } = session;
      return lastGood && lastInput ? { result: lastGood, input: lastInput } : undefined;
    }
  }

  /**
   * The record step of a render that goes out: it becomes the session's last good HUD, and an agent
   * component that failed too often in a row is switched off in the log (so a restart keeps it off).
   */
  keep(session: SessionRuntime, rendered: Rendered): RenderResult {
    session.lastGood = rendered.result;
    session.lastInput = rendered.input;
    const off = this.agents.takeDisabled();
    if (!off.length) return rendered.result;
    this.record(session, off);
    // switched off in the log; this very HUD says so (the second take is empty, so this recurses once)
    const again = this.render(session);
    return again ? this.keep(session, again) : rendered.result;
  }

  /**
   * The HUD for an LLM call. With o200k chosen: counted with the byte bound until o200k has loaded; when
   * that may have cut what the exact count keeps, this call waits for o200k once and renders again.
   */
  async renderCall(session: SessionRuntime): Promise<RenderResult | undefined> {
    // whatever goes out carries the switch-off notices: each is said once
    return this.renderForCall(session).finally(() => this.agents.delivered());
  }

  /** The component files now, for the sandbox's registry (never run here); scanned once a synchronous step. */
  private syncFiles() {
    if (this.scanned) return this.scanned;
    const files = (this.scanned = fileComponents(this.deps.directory, this.deps.componentGate));
    queueMicrotask(() => (this.scanned = undefined));
    this.agents.setFiles(files.files);
    return files;
  }
  private scanned: ReturnType<typeof fileComponents> | undefined;

  private async renderForCall(session: SessionRuntime): Promise<RenderResult | undefined> {
    // the call never waits for the sandbox: it reads the components' last renders (made ahead, or kept by an
    // earlier process), has what is missing rendered in the background, and stats the component files once
    const rendered = this.render(session);
    if (!rendered) return undefined;
    if (this.agents.needsRender(rendered.input.view, rendered.result.density))
      void this.agents.refresh(rendered.input.view, rendered.result.density);
    const result = this.keep(session, rendered);
    const budget = this.deps.config.budgets[result.density] ?? defaultBudgets[result.density];
    if (!this.tokenizer.observe(result.tokens, budget, result.omitted)) return result;
    try {
      await this.tokenizer.load();
    } catch (error) {
      this.deps.log.once("tokenizer", "warn", `agent-hud: o200k did not load, counting bytes: ${String(error)}`);
      return result;
    }
    const exact = this.render(session);
    return exact && this.keep(session, exact);
  }

  /** The project's last session that is no longer live, if it left work (`resume.ts`); writes nothing. */
  resumeSource(session: SessionRuntime): { sessionID: string; state: HudState } | undefined {
    return resumeSource(session, this.resume);
  }

  /** Records that the session is active now (for "last session of this project"), after the hook returns. */
  touch(session: SessionRuntime): void {
    this.deferred.touch(session, this.deps.now());
  }

  /** One LLM call: its turn counts in the state at once, and is written with the session's touch later. */
  noteCall(session: SessionRuntime): void {
    this.deferred.event(session.cache, { kind: "turn", at: this.deps.now() });
    this.touch(session);
  }

  /** Writes the queued turns and touches now (process exit). */
  flushDeferred(): void {
    this.deferred.flush();
    this.memory?.flush();
  }

  /** Writes what is queued; from now on other instances count this one's sessions as no longer live. */
  dispose(): void {
    this.closed = true;
    this.flushDeferred();
    this.holder.release();
    this.agents.close();
  }
}
