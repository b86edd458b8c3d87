/** One of the person's commands, before a host registers it (V1 keymap layer or command list, V2 keymap layer). */
export type HudCommand = { id: string; title: string; slash: string; run: () => void | Promise<void> };

/** The person's four commands, in the order the palette lists them. */
export function hudCommands(run: { show(): void; edit(): void; off(): void; on(): void }): HudCommand[] {
  return [
    { id: "agent-hud.show", title: "HUD: show what the agent last received", slash: "hud", run: run.show },
    {
      id: "agent-hud.edit",
      title: "HUD: edit (task, notes, decisions, steps, blockers)",
      slash: "hud-edit",
      run: run.edit,
    },
    { id: "agent-hud.off", title: "HUD: switch off for this session", slash: "hud-off", run: run.off },
    { id: "agent-hud.on", title: "HUD: switch on for this session", slash: "hud-on", run: run.on },
  ];
}
