/**
 * Set by agent-hud's Claude Code mod (`$.env.set`) in Claude Code's own environment, so every hook process
 * started after it inherits it; the `hud` MCP server sets it in its own on the mod's first call, for the
 * hooks forwarded to it. Where it is set the mod answers compaction and records each request's usage, and
 * the settings hooks leave both to it: nothing is sent or counted twice.
 */
export const MOD_ENV = "AGENT_HUD_MOD";

export const modActive = (env: Record<string, string | undefined>): boolean => env[MOD_ENV] === "1";
