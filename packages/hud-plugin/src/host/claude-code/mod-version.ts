// Which Claude Code releases load agent-hud's mod: the MCP server lists the bridge tool only to them, and
// `agent-hud doctor` says whether the installed one does.

/** The first Claude Code release that loads this mod: `tool.offer`, which it needs, came in 2.1.328. */
export const MOD_MIN_VERSION = [2, 1, 328] as const;

export function loadsMods(version: string | undefined): boolean {
  const parts = /^(\d+)\.(\d+)\.(\d+)/
    .exec(version ?? "")
    ?.slice(1)
    .map(Number);
  if (!parts) return false;
  for (let i = 0; i < 3; i++) if (parts[i] !== MOD_MIN_VERSION[i]) return parts[i]! > MOD_MIN_VERSION[i]!;
  return true;
}

/** The version as `loadsMods` reads it, for a line that names it. */
export const MOD_MIN = MOD_MIN_VERSION.join(".");
