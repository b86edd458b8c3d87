import { parseArgs } from "node:util";

export type CliArgs = {
  session?: string;
  project: string;
  storageDir?: string;
  watch: boolean;
  received: boolean;
  markdown: boolean;
  width: number;
  color: boolean;
};

export const USAGE = `usage: agent-hud [--session <id>] [--project <dir>] [--watch] [--received] [--markdown] [--width <n>] [--storage-dir <dir>] [--no-color]

Prints the live HUD of the project's latest session (or of --session) from the HUD database.
  --watch        print it again whenever it changes (Ctrl-C to stop)
  --received     what the agent received on its latest call, instead of the latest render
  --markdown     the markdown as the agent reads it, instead of terminal rows
  --width <n>    wrap terminal rows at n columns (default: the terminal's width, at most 100)
  --no-color     plain text (also NO_COLOR=1; FORCE_COLOR=1 colours output that is not a terminal)

       agent-hud cache [--json]   the prompt cache call by call, busts with their cause (agent-hud cache --help)
       agent-hud data | purge …   what the plugin stores, and removing it (agent-hud purge --help)
       agent-hud off|on [--session <id> | --project [<dir>]]
                                  switch the HUD off or on for a session or the whole project (agent-hud off --help)
       agent-hud components …     component files written while opencode ran: list, accept or reject them
       agent-hud statusline       one line (task · density · usage) for Claude Code's statusLine setting, from its session JSON on stdin
       agent-hud doctor           config files and where each option came from, the data folder and its modes,
                                  the TUI entry, opencode's version and the supported range`;

/** The no-color.org and FORCE_COLOR conventions: --no-color and NO_COLOR win, FORCE_COLOR colours a pipe. */
function colorWanted(tty: boolean, noColor: boolean, env: Record<string, string | undefined>): boolean {
  if (noColor || (env.NO_COLOR !== undefined && env.NO_COLOR !== "")) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return tty;
}

/** Parses argv; a problem is one line naming it (the usage follows it on stderr). */
export function parseCliArgs(
  argv: string[],
  env: { cwd: string; columns?: number; tty: boolean; env?: Record<string, string | undefined> },
): CliArgs | { error: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        session: { type: "string" },
        project: { type: "string" },
        "storage-dir": { type: "string" },
        watch: { type: "boolean", default: false },
        received: { type: "boolean", default: false },
        markdown: { type: "boolean", default: false },
        width: { type: "string" },
        "no-color": { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return { error: "" };
    const width = values.width === undefined ? Math.min(100, env.columns ?? 80) : Number(values.width);
    if (!Number.isInteger(width) || width < 8)
      return { error: `--width must be a whole number ≥ 8, got ${values.width}` };
    return {
      ...(values.session ? { session: values.session } : {}),
      project: values.project ?? env.cwd,
      ...(values["storage-dir"] ? { storageDir: values["storage-dir"] } : {}),
      watch: values.watch,
      received: values.received,
      markdown: values.markdown,
      width,
      color: colorWanted(env.tty, values["no-color"], env.env ?? process.env),
    };
  } catch (error) {
    return { error: (error as Error).message.split("\n")[0] ?? String(error) };
  }
}
