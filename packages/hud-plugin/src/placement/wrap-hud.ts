// The markers around the HUD in every host's conversation: one text, so the agent (and the cache ledger)
// find the HUD the same way wherever it is placed.
export const HUD_OPEN = "<agent-hud>";
export const HUD_CLOSE = "</agent-hud>";

export function wrapHud(markdown: string): string {
  return `${HUD_OPEN}\n${markdown.trimEnd()}\n${HUD_CLOSE}`;
}
