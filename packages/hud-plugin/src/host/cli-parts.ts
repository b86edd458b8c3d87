// What the person's CLI (`src/cli/`) asks of the hosts, by purpose rather than by host, so the CLI stays
// host-agnostic: the doctor's host lines, the files a purge removes beside the databases, and the status
// line some hosts run as a command.
import { claudeCodeDoctor } from "./claude-code/doctor.ts";
import { codexDoctor } from "./codex/doctor.ts";
import { FOLDER as CODEX_FOLDER } from "./codex/link.ts";
import { forgetSessionFiles } from "../append-only/session-file.ts";
import { readAll, statusLine } from "./claude-code/statusline.ts";
import { geminiDoctor } from "./gemini/doctor.ts";

export function hostDoctorLines(dataDir: string, env: Record<string, string | undefined>): string[] {
  return [...claudeCodeDoctor(dataDir, env), ...codexDoctor(dataDir, env), ...geminiDoctor(env)];
}

export function forgetHostFiles(dataDir: string, sessionIDs: readonly string[]): void {
  forgetSessionFiles(dataDir, sessionIDs);
  forgetSessionFiles(dataDir, sessionIDs, CODEX_FOLDER);
}

export { readAll, statusLine };
