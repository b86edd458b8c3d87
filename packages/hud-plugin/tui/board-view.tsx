/** @jsxImportSource @opentui/solid */
import { createSignal } from "solid-js";
import { BoardReader, hudCommands, ToastTracker } from "../dist/board/core.js";
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
export function startBoardView(glue: Glue, options: Record<string, unknown> | undefined): void {
  const reader = new BoardReader({ options, directory: glue.directory });
  const [tick, setTick] = createSignal(0);
  const toasts = new ToastTracker();

  const poll = () => {
    if (!reader.changed()) return;
    setTick(tick() + 1);
    const sessionID = glue.sessionNow();
    if (!sessionID) return;
    const view = reader.view(sessionID);
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
    reader.close();
  });
  if (reader.board.failures > 0)
    glue.toast({ variant: "error", title: "HUD", message: `the HUD database at ${reader.dir} cannot be opened` });

  glue.sidebar((sessionID, theme) => <Sidebar reader={reader} sessionID={sessionID} tick={tick} theme={theme} />);
  glue.promptStatus((sessionID, theme) => (
    <PromptStatus reader={reader} sessionID={sessionID} tick={tick} theme={theme} />
  ));

  const withSession = (run: (sessionID: string) => void) => () => {
    const sessionID = glue.sessionNow();
    if (!sessionID) return glue.toast({ variant: "warning", message: "HUD: open a session first" });
    return run(sessionID);
  };
  const switchTo = (off: boolean) =>
    withSession((sessionID) => {
      reader.setOff(sessionID, off);
      poll();
      glue.toast({ variant: "info", title: "HUD", message: off ? "off for this session" : "on for this session" });
    });
  glue.commands(
    hudCommands({
      show: withSession((sessionID) =>
        glue.dialog((theme) => <HudDialog reader={reader} sessionID={sessionID} tick={tick} theme={theme} />),
      ),
      edit: withSession((sessionID) => editHud(glue, reader, options, sessionID, poll)),
      off: switchTo(true),
      on: switchTo(false),
    }),
  );
}
