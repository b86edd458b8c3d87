import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { privateFolder } from "../store/private-files.ts";
import { isSessionID } from "../store/validate.ts";
import type { CallUsage } from "../cache-ledger/types.ts";
import type { EmissionState } from "./emission.ts";

/**
 * What one session's hooks hand each other on an append-only host (each hook is a process of its own): how
 * far the transcript was read, what the conversation already holds of the HUD, and the latest call's usage.
 * Each host keeps its files in its own folder of the data folder (`folder`: `claude-code`, where these files
 * lived first and still do, or another host's).
 */
export type SessionFile = {
  offset: number;
  transcript?: string;
  emission?: EmissionState;
  /** Tool results already applied (from the hook's batch or the transcript), newest last. */
  seenTools?: string[];
  /** A sub-agent started and the main conversation has not run a hook since: a `hud` call may be the sub-agent's. */
  subagentRunning?: boolean;
  /** The same for each sub-agent's own conversation, by its agent id. */
  agents?: Record<string, EmissionState>;
  usage?: { id: string; tokens: CallUsage; at: number };
  /** The model's context window, where the host's transcript states it. */
  window?: number;
  /** A compaction came after the ledger's latest call: the next call's bust is a history rewrite. */
  ledgerCompacted?: boolean;
  /** The conversation's latest lead named `hud_compact`: agent-hud's mod was running when it was written. */
  compactTold?: boolean;
  /** When the latest prompt or tool result was written, if no answer followed it yet (its request's time). */
  requestAt?: number;
};

export const DEFAULT_FOLDER = "claude-code";

/** A host adapter's own folder in the data folder. */
export function adapterDir(dataDir: string, folder: string): string {
  return join(dataDir, folder);
}

export function claudeCodeDir(dataDir: string): string {
  return adapterDir(dataDir, DEFAULT_FOLDER);
}

function pathOf(dataDir: string, sessionID: string, folder: string): string {
  return join(adapterDir(dataDir, folder), "sessions", `${sessionID}.json`);
}

/** What each session's file held when last read or written here: an unchanged file is not written again. */
const read = new Map<string, string>();

/** The session's file; a fresh one when it is missing or unreadable (the next hook sends a full copy). */
export function readSessionFile(dataDir: string, sessionID: string, folder = DEFAULT_FOLDER): SessionFile {
  try {
    const path = pathOf(dataDir, sessionID, folder);
    const text = readFileSync(path, "utf8");
    const parsed = JSON.parse(text) as SessionFile;
    if (typeof parsed.offset !== "number") return { offset: 0 };
    read.set(path, text);
    return parsed;
  } catch {
    return { offset: 0 };
  }
}

/** Written whole and renamed into place, owner-only, so a hook killed mid-write leaves the old file. */
export function writeSessionFile(dataDir: string, sessionID: string, file: SessionFile, folder = DEFAULT_FOLDER): void {
  const text = JSON.stringify(file);
  const path = pathOf(dataDir, sessionID, folder);
  if (read.get(path) === text) return;
  privateFolder(join(adapterDir(dataDir, folder), "sessions"));
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, path);
  read.set(path, text);
}

/** `agent-hud purge`: a purged session leaves no file of the host's adapter behind either. */
export function forgetSessionFiles(dataDir: string, sessionIDs: readonly string[], folder = DEFAULT_FOLDER): void {
  // an id that is not a plain session id names no file of ours (and must not name a path)
  for (const id of sessionIDs.filter(isSessionID)) {
    const path = pathOf(dataDir, id, folder);
    read.delete(path);
    rmSync(path, { force: true });
  }
}

/** Sub-agents whose conversations are remembered per session; the oldest is forgotten past this. */
const MAX_AGENTS = 16;

/** Records what a sub-agent's conversation now holds (its own copy, never the parent's), newest last. */
export function keepAgent(file: SessionFile, agent: string, state: EmissionState): void {
  const agents = { ...file.agents };
  delete agents[agent];
  agents[agent] = state;
  const names = Object.keys(agents);
  for (const old of names.slice(0, Math.max(0, names.length - MAX_AGENTS))) delete agents[old];
  file.agents = agents;
}
