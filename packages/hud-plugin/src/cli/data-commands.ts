import { parseArgs } from "node:util";
import { projectKeyFor } from "../store/validate.ts";
import { worktreeOf } from "./project.ts";
import { purge } from "./purge.ts";
import { storedData, storedFiles, storedSessions, type StoredSession } from "./stored.ts";

export const DATA_USAGE = `usage: agent-hud data [--storage-dir <dir>]
       agent-hud purge (--session <id> | --project [<dir>] | --all | --older-than <days>d) [--dry-run] [--storage-dir <dir>]

data   lists what the plugin keeps, per project: sessions, events, indexed texts, bytes, oldest and newest activity
purge  removes it, and rewrites the files so none of its bytes stay on disk (copies of broken databases set
       aside earlier go too); --dry-run lists exactly what would go and removes nothing. Safe while opencode runs.`;

type Out = { out: (text: string) => void; err: (text: string) => void };
const DAY = 86_400_000;
const SESSIONS_LISTED = 10;
const day = (ms?: number) => (ms ? new Date(ms).toISOString().slice(0, 10) : "-");

/** `agent-hud data`: one line per project, the files below. */
export function runData(dir: string, cwd: string, io: Out): number {
  const here = projectKeyFor(worktreeOf(cwd));
  const projects = storedData(dir);
  io.out(`data folder ${dir}\n`);
  if (!projects.length) io.out("nothing stored\n");
  for (const p of projects)
    io.out(
      `project ${p.projectKey}${p.projectKey === here ? " (this folder)" : ""}: ${p.sessions} sessions, ${p.events} events, ${p.indexed} indexed texts, ${p.bytes} bytes, ${day(p.oldest)} to ${day(p.newest)}\n`,
    );
  // the ids `purge --session` and `off|on --session` take: this folder's newest sessions
  const own = storedSessions(dir)
    .filter((s) => s.projectKey === here)
    .reverse();
  for (const s of own.slice(0, SESSIONS_LISTED))
    io.out(`session ${s.sessionID} (this folder, ${s.events} events, last active ${day(s.updatedAt)})\n`);
  if (own.length > SESSIONS_LISTED) io.out(`… and ${own.length - SESSIONS_LISTED} older sessions of this folder\n`);
  for (const f of storedFiles(dir)) io.out(`file ${f.name} ${f.bytes} bytes\n`);
  return 0;
}

/** `agent-hud purge`: selects sessions (and projects), lists them, removes them unless --dry-run. */
export function runPurge(argv: string[], dir: string, cwd: string, now: number, io: Out): number {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      session: { type: "string" },
      project: { type: "boolean", default: false },
      all: { type: "boolean", default: false },
      "older-than": { type: "string" },
      "dry-run": { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const chosen = [values.session !== undefined, values.project, values.all, values["older-than"] !== undefined];
  if (chosen.filter(Boolean).length !== 1) {
    io.err("agent-hud purge: give exactly one of --session <id>, --project [<dir>], --all, --older-than <days>d\n");
    return 2;
  }
  const sessions = storedSessions(dir);
  let picked: StoredSession[];
  let projects: string[] = [];
  if (values.session !== undefined) picked = sessions.filter((s) => s.sessionID === values.session);
  else if (values.project) {
    const target = positionals[0] ?? cwd;
    const key = /^[0-9a-f]{16}$/.test(target) ? target : projectKeyFor(worktreeOf(target));
    picked = sessions.filter((s) => s.projectKey === key);
    projects = [key];
  } else if (values.all) {
    picked = sessions;
    projects = [...new Set([...sessions.map((s) => s.projectKey), ...storedData(dir).map((p) => p.projectKey)])];
  } else {
    const days = /^(\d+)d$/.exec(values["older-than"]!)?.[1];
    if (!days) {
      io.err(`agent-hud purge: --older-than takes days like 30d, got ${JSON.stringify(values["older-than"])}\n`);
      return 2;
    }
    picked = sessions.filter((s) => s.updatedAt < now - Number(days) * DAY);
  }
  const verb = values["dry-run"] ? "would remove" : "removed";
  for (const s of picked)
    io.out(
      `${verb} session ${s.sessionID} (project ${s.projectKey}, ${s.events} events, last active ${day(s.updatedAt)})\n`,
    );
  for (const key of projects) io.out(`${verb} project memory and index of ${key}\n`);
  if (!picked.length && !projects.length) io.out("nothing matched\n");
  if (values["dry-run"]) return 0;
  const { busy, setAside } = purge(
    dir,
    picked.map((s) => s.sessionID),
    projects,
  );
  if (setAside) io.out(`removed ${setAside} copies of broken databases set aside earlier (they may hold it too)\n`);
  // the rows are gone either way; their old bytes leave the -wal at its next reset
  for (const path of busy)
    io.err(
      `agent-hud purge: another process was reading ${path}; its -wal may keep old pages until that process checkpoints, run purge again later\n`,
    );
  return 0;
}
