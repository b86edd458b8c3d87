/**
 * GitBranch: the current branch and the files with uncommitted changes, so the agent notices when it
 * is on the wrong branch or about to leave edits behind.
 *
 * A component renders in the sandbox from its props only (no file system, no processes), so it reads
 * what the agent last saw: the newest `git status` among the bash results the HUD state keeps
 * (`state.toolResults`). Both the long format and `--short` / `--porcelain` are understood; until the
 * agent has run `git status`, the section is empty.
 */
import type { HudComponentProps, ToolResult } from "@agent-hud/hud-components";

export const priority = 35;

export type Dirty = { path: string; status: string };
export type Repo = { branch: string; dirty: Dirty[] };

const MAX_FILES = { full: 8, compact: 3, minimal: 0 } as const;
const LONG = /^\t(modified|new file|deleted|renamed|both modified|both added|typechange):\s+(.+)$/;

/** `git status` XY codes in words an agent reads without a manual. */
function describeCode(code: string): string {
  if (code.includes("U") || code === "AA" || code === "DD") return "conflict";
  if (code === "??") return "untracked";
  if (code.includes("D")) return "deleted";
  if (code.startsWith("R")) return "renamed";
  if (code.startsWith("A")) return "added";
  return "modified";
}

const WORDS: Record<string, string> = { "new file": "added", "both modified": "conflict", "both added": "conflict" };

/** The branch and dirty files in one `git status` output, or undefined when it is not one. */
export function parseStatus(output: string): Repo | undefined {
  const lines = output.replace(/\r/g, "").split("\n");
  const branch =
    /^On branch (\S+)/m.exec(output)?.[1] ??
    /^## (?:No commits yet on )?([^.\s]+)/m.exec(output)?.[1] ??
    /^HEAD detached at (\S+)/m.exec(output)?.[1]?.replace(/^/, "detached at ");
  if (!branch) return undefined;
  const dirty: Dirty[] = [];
  let untracked = false;
  for (const line of lines) {
    if (/^Untracked files:/.test(line)) untracked = true;
    else if (/^\S/.test(line) && !line.startsWith("##")) untracked = false;
    const long = LONG.exec(line);
    const short = /^([ MADRCUT?!]{2}) (.+)$/.exec(line);
    if (long) dirty.push({ path: long[2]!.replace(/^.* -> /, "").trim(), status: WORDS[long[1]!] ?? long[1]! });
    else if (untracked && /^\t\S/.test(line)) dirty.push({ path: line.trim(), status: "untracked" });
    else if (short && !line.startsWith("##"))
      dirty.push({ path: short[2]!.replace(/^.* -> /, ""), status: describeCode(short[1]!.trim()) });
  }
  return { branch, dirty };
}

/** The newest `git status` the agent ran through the bash tool. */
export function lastStatus(results: readonly ToolResult[]): Repo | undefined {
  for (let i = results.length - 1; i >= 0; i--) {
    const result = results[i]!;
    if (result.tool !== "bash" || !/\bgit\s+status\b/.test(result.command ?? "")) continue;
    const repo = parseStatus(result.output);
    if (repo) return repo;
  }
  return undefined;
}

export default function GitBranch({ state, density }: HudComponentProps) {
  const repo = lastStatus(state.toolResults);
  if (!repo) return null;
  const { branch, dirty } = repo;
  if (density === "minimal")
    return (
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} />
        {dirty.length ? ` +${dirty.length} dirty` : " clean"}
      </paragraph>
    );
  const shown = dirty.slice(0, MAX_FILES[density]);
  const more = dirty.length - shown.length;
  const summary = dirty.length === 0 ? "clean" : `${dirty.length} dirty ${dirty.length === 1 ? "file" : "files"}`;
  if (density === "compact")
    return (
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} /> {summary}
        {shown.length ? ": " : ""}
        {shown.map((file, i) => (
          <>
            {i > 0 ? ", " : ""}
            <inlineCode value={file.path} />
          </>
        ))}
        {more > 0 ? `, +${more} more` : ""}
      </paragraph>
    );
  return (
    <section>
      <paragraph>
        <strong>Git</strong> <inlineCode value={branch} /> {summary}
      </paragraph>
      {shown.length > 0 && (
        <list>
          {shown.map((file) => (
            <item>
              <paragraph>
                <inlineCode value={file.path} /> {file.status}
              </paragraph>
            </item>
          ))}
          {more > 0 && (
            <item>
              <paragraph>+{more} more</paragraph>
            </item>
          )}
        </list>
      )}
    </section>
  );
}
