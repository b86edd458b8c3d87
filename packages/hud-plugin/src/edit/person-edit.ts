import { makeContextInfo, type HudState, type ToolCall } from "@agent-hud/hud-components";
import { boardPublisher, type BoardPublisher } from "../board/publish.ts";
import type { HudBoard } from "../store/index.ts";
import { loadConfig } from "../config/index.ts";
import { createLogger } from "../log/index.ts";
import { createRedactor, redactingLog, type Redactor } from "../privacy/index.ts";
import { HudRuntime } from "../runtime/hud-runtime.ts";
import { EventStore, projectKeyFor } from "../store/index.ts";
import { applyPersonCall } from "./person-call.ts";

export type PersonEditOptions = {
  board: HudBoard;
  dir: string;
  options?: Record<string, unknown>;
  directory: string;
  worktree: string;
  now?: () => number;
};

export type EditAnswer = { ok: boolean; text: string };

/**
 * Edits made by the person, through the same plan/record path as the agent's `hud` tool: the router
 * checks the call, the events carry `by: "person"`, the agent reads them on its next call (the store is
 * shared across processes) and `history` names the person as their source. Loaded only when the person
 * first edits, so the TUI never pays for the tokenizer otherwise.
 */
export class PersonEditor {
  private readonly runtime: HudRuntime;
  private readonly store: EventStore;
  private readonly now: () => number;
  private readonly redactor: Redactor;
  private readonly board: BoardPublisher;

  constructor(private readonly o: PersonEditOptions) {
    // the server's layers (global file, project file, entry options), so an opt-out there holds here too
    const { config } = loadConfig(o.directory, o.options);
    const worktree = o.worktree && o.worktree !== "/" ? o.worktree : o.directory;
    const log = createLogger(undefined, () => {});
    this.now = o.now ?? Date.now;
    this.store = EventStore.open({ dir: o.dir });
    this.redactor = createRedactor(config.privacy);
    this.runtime = new HudRuntime({
      store: redactingLog(this.store, this.redactor),
      redact: this.redactor.deep,
      config,
      log,
      directory: o.directory,
      // one memory file per worktree, whatever folder opencode was started in
      worktree,
      projectKey: projectKeyFor(worktree),
      now: this.now,
      componentGate: { dataDir: o.dir, notify: () => {} },
    });
    this.board = boardPublisher(o.board, projectKeyFor(worktree), this.redactor.deep, this.now);
  }

  /** Runs one `hud` operation as the person; reading operations (history among them) answer with their text. */
  async apply(sessionID: string, call: ToolCall): Promise<EditAnswer> {
    try {
      const runtime = this.runtime;
      const session = runtime.session(sessionID);
      await runtime.syncMemoryFile();
      const answer = await applyPersonCall(runtime, session, call, this.now());
      if (!answer.recorded) return { ok: answer.ok, text: answer.text };
      await this.show(sessionID);
      return { ok: true, text: answer.text };
    } catch (error) {
      return { ok: false, text: `agent-hud: the edit failed: ${String(error)}` };
    }
  }

  /** The session's state as the agent would see it now (for the person's choice of what to edit). */
  state(sessionID: string): HudState {
    return this.runtime.view(this.runtime.session(sessionID)).session;
  }

  /** The project's state (its agent components are the person's to remove too). */
  projectState(sessionID: string): HudState {
    return this.runtime.view(this.runtime.session(sessionID)).project;
  }

  /** Renders the changed HUD with the context the agent last had, so the person's views follow at once. */
  private async show(sessionID: string): Promise<void> {
    const last = this.o.board.latest(sessionID, "current") ?? this.o.board.latest(sessionID, "received");
    if (!last) return;
    const session = this.runtime.session(sessionID);
    const context = makeContextInfo(last.context, this.runtime.deps.config.thresholds);
    await this.runtime.agents.prepare(this.runtime.view(session));
    const rendered = this.runtime.render(session, context);
    if (!rendered) return;
    this.board.publish(sessionID, ["current"], this.runtime.keep(session, rendered), rendered.input);
  }

  close(): void {
    this.runtime.flushDeferred();
    this.store.close();
  }
}
