// What every host's plugin files share: the hooks list (every event runs one launcher), the launcher
// itself, and the words a marketplace shows about the plugin.

/** The plugin's description, author, licence and homepage, as a host's manifest lists them. */
export const PLUGIN_ABOUT = {
  description:
    "A HUD of the agent's task, decisions, notes, steps, blockers, files and context pressure, kept across compaction",
  author: { name: "agent-hud", url: "https://github.com/agent-hud/agent-hud" },
  license: "MIT",
  homepage: "https://github.com/agent-hud/agent-hud",
};

/** `hooks.json`'s `hooks`: each event runs `<root>/scripts/hook.sh <event>`, `timeout` in the host's unit. */
export function launcherHooks(events: readonly string[], root: string, timeout: number) {
  const hook = (event: string) => ({
    hooks: [{ type: "command", command: `sh "${root}/scripts/hook.sh" ${event}`, timeout }],
  });
  return Object.fromEntries(events.map((event) => [event, [hook(event)]]));
}

/**
 * Without Bun the launcher says so once per session (SessionStart's `systemMessage` is shown to the person,
 * never to the model); every other hook is then silent.
 */
export const NO_BUN_NOTICE = `if [ "$1" = "SessionStart" ]; then
  printf '%s\\n' '{"systemMessage":"agent-hud: Bun is not installed (https://bun.sh), so the HUD is off; run: agent-hud doctor"}'
fi
`;

/**
 * Bun's flags for every process a host starts for agent-hud (hooks, MCP servers, the status line). A host
 * starts them in the project's folder, where Bun would otherwise read the project's `bunfig.toml` (whose
 * `preload` runs the repository's own code first, with the person's rights, on every hook: the bunfig
 * attack) and its `.env` files (whose variables would steer our processes: the data folder, JSC's options:
 * the dotenv attack). A cloned repository is not trusted, so neither is read: the config is an empty one.
 */
export const BUN_FLAGS = ["--no-env-file", "--config=/dev/null"] as const;

/**
 * Variables that make bun run code before ours, or take code from outside: `BUN_OPTIONS` adds any flag (a
 * `--preload`), `BUN_INSPECT_PRELOAD` preloads a file, and `BUN_INSPECT` / `BUN_INSPECT_CONNECT_TO` open a
 * debugger that evaluates what it is sent (on a port, or over a connection out). A repository can set a host's
 * environment (Gemini CLI loads the project's `.env` into its own; Claude Code's project settings `env`), and a
 * host passes it to what it starts, so every launcher unsets them before bun starts (the env attack).
 */
export const BUN_CODE_VARIABLES = [
  "BUN_OPTIONS",
  "BUN_INSPECT",
  "BUN_INSPECT_CONNECT_TO",
  "BUN_INSPECT_NOTIFY",
  "BUN_INSPECT_PRELOAD",
] as const;
export const UNSET_BUN_CODE = `unset ${BUN_CODE_VARIABLES.join(" ")}`;

/**
 * An MCP server's `command` and `args` for a host that starts it directly: `sh` unsets BUN_CODE_VARIABLES
 * (an empty value in the server's `env` would not do: bun reads an empty `BUN_INSPECT_PRELOAD` as a file to
 * preload, and fails), then becomes bun on `script` (`$0`, where the host expands its variables).
 */
export function bunServer(script: string): { command: string; args: string[] } {
  return { command: "sh", args: ["-c", `${UNSET_BUN_CODE}; exec bun ${BUN_FLAGS.join(" ")} "$0"`, script] };
}

/**
 * The first lines of the `agent-hud` command (`dist/cli/index.js`, the package's `bin`): read by `sh`, they start
 * bun with `BUN_FLAGS` on the file itself (a person runs the command, and Claude Code's status line may, in a
 * project's folder); read by bun, the second line is a string and a comment. `env -S` would say the same in a
 * `#!` line, but BusyBox's `env` has no `-S`.
 */
export const CLI_HEAD = `#!/bin/sh\n':' //; ${UNSET_BUN_CODE}; exec bun ${BUN_FLAGS.join(" ")} "$0" "$@"\n`;

/**
 * The JSC option the launcher sets for the hook (and the MCP servers' relaunch, host/lean-jit.ts), and the
 * variable that says the launcher set it (the hook removes both, hook-main.ts, so the processes it starts
 * start as bun does).
 */
export const HOOK_JIT_FLAG = "BUN_JSC_useBaselineJIT";
export const HOOK_JIT_MARK = "AGENT_HUD_HOOK_JIT";

/**
 * The hook launcher `host` runs for every hook: it checks for Bun first, so a missing runtime is at most
 * `withoutBun`'s output, never an error; it reads its input and exits 0, so the turn goes on without the HUD.
 * The hook runs each of its functions a few times and exits: JSC's compilers (its baseline JIT, and the
 * optimizing tiers above it) compile code that then runs a few times more, ~20 ms of a cold hook's CPU;
 * without them the interpreter runs it, with the inline caches and the regular-expression JIT kept. A
 * person's own setting wins.
 */
export function hookLauncher(host: string, withoutBun = ""): string {
  return `#!/bin/sh
# agent-hud hook launcher: ${host} runs it for every hook; it never fails the turn.
if command -v bun >/dev/null 2>&1; then
  ${UNSET_BUN_CODE}
  if [ -z "\$${HOOK_JIT_FLAG}" ]; then
    ${HOOK_JIT_FLAG}=0 ${HOOK_JIT_MARK}=1
    export ${HOOK_JIT_FLAG} ${HOOK_JIT_MARK}
  fi
  exec bun ${BUN_FLAGS.join(" ")} "$(dirname "$0")/hook.js"
fi
cat >/dev/null
${withoutBun}exit 0
`;
}
