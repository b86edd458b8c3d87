import { dirname } from "node:path";
import { boardPublisher } from "../board/publish.ts";
import { HudBoard } from "../store/index.ts";
import { loadConfig } from "../config/index.ts";
import { showProblems, type Toast } from "../config/show-problems.ts";
import { ModelLimitsBook } from "../context/index.ts";
import { componentNotice } from "../component-files/notify.ts";
import { createLogger, errorLine, type Logger } from "../log/index.ts";
import { createRedactor, redactingLog } from "../privacy/index.ts";
import { DeferredRecall, scheduleLogRetention, type RecallHistory, type Retention } from "../recall/index.ts";
import { defaultDir, EventStore, projectKeyFor } from "../store/index.ts";
import type { HookDeps, Summarize } from "./hook-deps.ts";
import { HudRuntime } from "./hud-runtime.ts";
import { CacheLedgers } from "../cache-ledger/ledgers.ts";

/** What every host generation hands the runtime at start; the rest of the port is the host's own hooks. */
export type HostStart = {
  directory: string;
  /** The repository root; opencode reports "/" for a directory outside any git repository. */
  worktree?: string | undefined;
  options?: Record<string, unknown> | undefined;
  /** A toast in the person's view, where the host has one (opencode 1's TUI). */
  toast?: Toast | undefined;
  /** Compacts a session on request, where the host can (opencode 1). */
  summarize?: Summarize | undefined;
  /**
   * Whether `hud_compact` can start a compaction now, asked at each render (the HUD's critical warning
   * names it only then); by default, where the host gave `summarize`.
   */
  compactTool?: () => boolean;
  /** What recall's catch-up reads back, in the port's shapes, where the host can read its sessions (V1). */
  history?: RecallHistory | undefined;
  /** The host's log; stderr when none is given. */
  log?: Logger | undefined;
  /** A process that lives for one hook (Claude Code without its server): stored renders only, no sandbox. */
  storedRendersOnly?: boolean;
};

/** One plugin instance: the hook context both hosts drive, the configuration toast, and its teardown. */
export type OpenHud = { deps: HookDeps; directory: string; toast: () => void; dispose: () => void };

/** Opens config, stores, runtime, recall and board for one project directory; undefined when turned off. */
export function openHud(host: HostStart): OpenHud | undefined {
  const log = host.log ?? createLogger();
  const { config, problems } = loadConfig(host.directory, host.options);
  for (const problem of problems) log.once(`config:${problem.message}`, "warn", problem.message);
  if (!config.enabled) {
    log.log("info", `agent-hud is turned off for ${host.directory} (enabled: false)`);
    return undefined;
  }
  const toast = showProblems(host.toast, problems, (line) => log.once("toast", "info", line));
  const now = () => Date.now();
  const worktree = host.worktree && host.worktree !== "/" ? host.worktree : host.directory;
  const store = EventStore.open({
    ...(config.storageDir ? { dir: config.storageDir } : {}),
    log: (level, msg, extra) => log.log(level, `agent-hud store: ${msg}`, extra),
  });
  const projectKey = projectKeyFor(worktree);
  const redactor = createRedactor(config.privacy, (error) =>
    log.once(
      "privacy:rules",
      "warn",
      `agent-hud privacy: rule set not loaded (${errorLine(error)}); tokens are all redacted`,
    ),
  );
  // every event passes the redactor on its way into hud.db: the one point where the HUD log is written
  const runtime = new HudRuntime({
    store: redactingLog(store, redactor),
    config,
    log,
    directory: host.directory,
    projectKey,
    now,
    worktree,
    redact: redactor.deep,
    compactTool: host.compactTool ?? (() => host.summarize !== undefined),
    componentGate: { dataDir: dirname(store.path), notify: componentNotice(log, host.toast) },
    ...(host.storedRendersOnly ? { storedRendersOnly: true } : {}),
  });
  // the memory file may have changed while no opencode ran (a pull, a checkout): read it in before any call
  runtime.memory?.read();
  const retention: Retention =
    config.othersRetentionDays === undefined
      ? { days: config.retentionDays }
      : { days: config.othersRetentionDays, own: { projectKey, days: config.retentionDays } };
  const recall = config.recall.enabled
    ? new DeferredRecall({
        dir: dirname(store.path),
        projectKey,
        retentionDays: config.retentionDays,
        retention,
        log,
        now,
        history: host.history,
        eventLog: store.path,
        redact: redactor.text,
      })
    : undefined;
  recall?.start();
  if (!config.recall.enabled)
    scheduleLogRetention(store.path, retention, now, (error) =>
      log.log("warn", `agent-hud: retention of the hud log failed: ${errorLine(error)}`),
    );
  const board = HudBoard.open(config.storageDir ?? defaultDir(), (level, message) => log.once(message, level, message));
  const deps: HookDeps = {
    recall,
    runtime,
    config,
    log,
    summarize: host.summarize,
    now,
    lastActive: { sessionID: undefined },
    limits: new ModelLimitsBook(),
    recentEdits: new Map(),
    board,
    publisher: boardPublisher(board, projectKey, redactor.deep, now),
    projectKey,
    storePath: store.path,
    redact: redactor,
    ledger: config.cacheLedger.enabled ? new CacheLedgers(board, projectKey, config.cacheLedger, now) : undefined,
  };
  // bun:sqlite is synchronous, so the queued turn and touch writes, and the texts recall was taking in
  // slices, can still be written while the process exits
  const flushOnExit = () => {
    runtime.flushDeferred();
    recall?.flush();
  };
  process.on("exit", flushOnExit);
  const dispose = () => {
    process.off("exit", flushOnExit);
    runtime.dispose();
    recall?.close();
    store.close();
    board.close();
  };
  return { deps, directory: host.directory, toast, dispose };
}
