import {
  defaultBudgets,
  hasUnfinishedWork,
  lazyTokenizer,
  makeContextInfo,
  renderHud,
  replay,
  resumeSummary,
  type ContextInfo,
  type HudEvent,
  type HudState,
  type HudView,
  type ProjectorOptions,
  type RenderResult,
} from "@agent-hud/hud-components";
import type { HudConfig } from "../config/index.ts";
import { loadCustomSections } from "../custom/index.ts";
import type { Logger } from "../log/index.ts";
import { validateSessionID } from "../store/index.ts";
import { DeferredWrites } from "./deferred-writes.ts";
import type { EventLog } from "./ports.ts";
import { SessionRuntime } from "./session-runtime.ts";
import { StreamCache, type FoldOutcome } from "./stream-cache.ts";

export type RuntimeDeps = {
  store: EventLog;
  config: HudConfig;
  log: Logger;
  directory: string;
  projectKey: string;
  now: () => number;
};

const MAX_SESSIONS = 256;

export type ScopedEvent = { scope: "session" | "project"; event: HudEvent };

/**
 * The plugin's state: one StreamCache per stream, caught up from the store before every read so events
 * written by another opencode process show up on the next call.
 */
export class HudRuntime {
  private readonly sessions = new Map<string, SessionRuntime>();
  private readonly project: StreamCache;
  private readonly deferred: DeferredWrites;
  /** Counts with a byte bound until o200k has loaded in the background: the start never pays for it. */
  private readonly tokenizer = lazyTokenizer();
  readonly projector: ProjectorOptions;

  constructor(readonly deps: RuntimeDeps) {
    this.projector = { caps: deps.config.caps };
    this.project = new StreamCache(`project:${deps.projectKey}`, "project", this.projector);
    this.deferred = new DeferredWrites(deps.store, deps.projectKey, deps.log);
  }

  /**
   * The session's runtime; throws one line for an id that is not a plain opencode session id. A server
   * lives for days and sees many sessions, so only the most recently used ones stay in memory; an evicted
   * session is rebuilt from the store when it comes back.
   */
  session(sessionID: string): SessionRuntime {
    let session = this.sessions.get(sessionID);
    if (session) this.sessions.delete(sessionID);
    else session = new SessionRuntime(validateSessionID(sessionID), this.projector);
    this.sessions.set(sessionID, session);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }

  /** Folds new events of the session, its parent and the project. */
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
    const resume = this.resumeHint(session);
    if (resume) view.resume = resume;
    return view;
  }

  /** Appends events (grouped per stream, one transaction each) and returns the reducer's outcome per event. */
  record(session: SessionRuntime, events: ScopedEvent[]): FoldOutcome[] {
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
    }
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
   * Renders the session's HUD. On failure the last good HUD is returned (logged once per distinct
   * error), so an LLM call never goes out with a broken or missing HUD when a good one existed.
   */
  render(session: SessionRuntime, context?: ContextInfo): RenderResult | undefined {
    try {
      const view = this.view(session);
      const result = renderHud(view, context ?? this.context(session), {
        budgets: this.deps.config.budgets,
        now: this.deps.now(),
        directory: this.deps.directory,
        sections: this.deps.config.sections,
        custom: loadCustomSections(this.deps.directory),
        tokenizer: this.tokenizer.current,
      });
      session.lastGood = result;
      return result;
    } catch (error) {
      this.deps.log.once(
        `render:${String(error)}`,
        "error",
        `agent-hud: render failed, using the last good HUD: ${String(error)}`,
      );
      return session.lastGood;
    }
  }

  /**
   * The HUD for an LLM call. Counted with the byte bound while o200k is not loaded (never over budget);
   * when that may have cut something the exact count would keep, this call waits for o200k once and
   * renders again, so every HUD sent is the exact fit. A short HUD never loads o200k at all.
   */
  async renderCall(session: SessionRuntime): Promise<RenderResult | undefined> {
    const result = this.render(session);
    if (!result) return result;
    const budget = this.deps.config.budgets[result.density] ?? defaultBudgets[result.density];
    if (!this.tokenizer.observe(result.tokens, budget, result.omitted)) return result;
    try {
      await this.tokenizer.load();
    } catch (error) {
      this.deps.log.once("tokenizer", "warn", `agent-hud: o200k did not load, counting bytes: ${String(error)}`);
      return result;
    }
    return this.render(session);
  }

  /** The previous session of this project, replayed, if it left a task or open steps. */
  resumeSource(session: SessionRuntime): { sessionID: string; state: HudState } | undefined {
    // A sub-agent works for a parent that is still running; no earlier session is its to take over.
    if (session.parentID ?? session.cache.state.parentID) return undefined;
    if (session.resumeSource === undefined) {
      session.resumeSource = null;
      // a queued touch of another session may be the one that decides which session was last
      if (this.deferred.touchesOtherThan(session.id)) this.deferred.flush();
      // top-level sessions only: a parent stopped while its sub-agent ran is still the one offered
      const sessionID = this.deps.store.lastSession(this.deps.projectKey, session.id)?.sessionID;
      if (sessionID) {
        const events = this.deps.store.read(`session:${sessionID}`).map((e) => e.event as HudEvent);
        const state = replay("session", events, this.projector);
        if (hasUnfinishedWork(state)) session.resumeSource = { sessionID, state };
      }
    }
    return session.resumeSource ?? undefined;
  }

  private resumeHint(session: SessionRuntime): HudView["resume"] {
    const state = session.cache.state;
    if (state.task || state.resumedFrom || session.parentID || state.agentEdits > 0) return undefined;
    const source = this.resumeSource(session);
    if (!source) return undefined;
    const summary = resumeSummary(source.state);
    return {
      sessionID: source.sessionID,
      openSteps: summary.openSteps,
      ...(summary.task ? { task: summary.task } : {}),
    };
  }

  /** Records that the session is active now (for "last session of this project"), after the hook returns. */
  touch(session: SessionRuntime): void {
    this.deferred.touch(session, this.deps.now());
  }

  /**
   * One LLM call of the session: its turn counts in the state at once (staleness, this call's HUD) and
   * is written with the session's touch after the hook returns.
   */
  noteCall(session: SessionRuntime): void {
    this.deferred.event(session.cache, { kind: "turn", at: this.deps.now() });
    this.touch(session);
  }

  /** Writes the queued turns and touches now (dispose, process exit). */
  flushDeferred(): void {
    this.deferred.flush();
  }
}
