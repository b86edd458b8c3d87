/** @jsxImportSource @opentui/solid */
import { createSignal } from "solid-js";
import { HudDesk, hudCommands, ToastTracker } from "../dist/tui/core.js";
import { HudDialog } from "./HudDialog.tsx";
import { PromptStatus } from "./PromptStatus.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { editHud } from "./edit-hud.tsx";
import type { Glue } from "./types/host.ts";

// How often the database is asked whether anything changed: one pragma, well under a frame's budget.
const POLL_MS = 250;

/**
 * The person's view, whichever opencode draws it: the session's HUD in the sidebar, its status line beside
 * the prompt (narrow terminals have no sidebar), `/hud`, `/hud-edit`, `/hud-off`, `/hud-on`, and toasts when
 * the HUD's density changes, usage turns critical or a compaction happened. `glue` is the host's API
 * reduced to what this needs (`glue-v1.tsx`, `glue-v2.tsx`).
 */
export function startPersonView(glue: Glue, options: Record<string, unknown> | undefined): void {
  const desk = new HudDesk({ options, directory: glue.directory });
  const [tick, setTick] = createSignal(0);
  const toasts = new ToastTracker();

  const poll = () => {
    if (!desk.changed()) return;
    setTick(tick() + 1);
    const sessionID = glue.sessionNow();
    if (!sessionID) return;
    const view = desk.view(sessionID);
    if (view.status !== "shown") return;
    // an error stays up longer: it names a file to fix
    for (const note of toasts.next(sessionID, view.shown))
      glue.toast({ ...note, duration: note.variant === "error" ? 8000 : 5000 });
  };
  const timer = setInterval(poll, POLL_MS);
  const offCompacted = glue.onCompacted((sessionID) => toasts.compaction(sessionID));
  glue.onDispose(() => {
    clearInterval(timer);
    offCompacted();
    desk.close();
  });
  if (desk.board.failures > 0)
    glue.toast({ variant: "error", title: "HUD", message: `the HUD database at ${desk.dir} cannot be opened` });

  glue.sidebar((sessionID, theme) => <Sidebar desk={desk} sessionID={sessionID} tick={tick} theme={theme} />);
  glue.promptStatus((sessionID, theme) => <PromptStatus desk={desk} sessionID={sessionID} tick={tick} theme={theme} />);

  const withSession = (run: (sessionID: string) => void) => () => {
    const sessionID = glue.sessionNow();
    if (!sessionID) return glue.toast({ variant: "warning", message: "HUD: open a session first" });
    return run(sessionID);
  };
  const switchTo = (off: boolean) =>
    withSession((sessionID) => {
      desk.setOff(sessionID, off);
      poll();
      glue.toast({ variant: "info", title: "HUD", message: off ? "off for this session" : "on for this session" });
    });
  glue.commands(
    hudCommands({
      show: withSession((sessionID) =>
        glue.dialog((theme) => <HudDialog desk={desk} sessionID={sessionID} theme={theme} />),
      ),
      edit: withSession((sessionID) => editHud(glue, desk, options, sessionID, poll)),
      off: switchTo(true),
      on: switchTo(false),
    }),
  );
}
