/** @jsxImportSource @opentui/solid */
import { createSignal } from "solid-js";
import { carriedItems, componentFailures, HudDesk, toastFor } from "../dist/tui/core.js";
import { HudDialog } from "./HudDialog.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { editHud } from "./edit-hud.tsx";

// How often the database is asked whether anything changed: one pragma, well under a frame's budget.
const POLL_MS = 250;

/**
 * agent-hud in opencode's TUI: the session's HUD in the sidebar, `/hud` (what the agent last received),
 * `/hud-edit` (the person's edits, seen by the agent on its next call), `/hud-off` and `/hud-on`, and
 * toasts when the HUD's density changes, usage turns critical or a compaction happened.
 */
const tui = async (api, options) => {
  const desk = new HudDesk({ options, directory: api.state.path.directory });
  const [tick, setTick] = createSignal(0);
  const lastShown = new Map();
  const compacted = new Set();
  const failuresToasted = new Set();
  const sessionNow = () => (api.route.current.name === "session" ? api.route.current.params.sessionID : undefined);

  const poll = () => {
    if (!desk.changed()) return;
    setTick(tick() + 1);
    const sessionID = sessionNow();
    if (!sessionID) return;
    const view = desk.view(sessionID);
    if (view.status !== "shown") return;
    const note = toastFor(lastShown.get(sessionID), view.shown);
    if (note) api.ui.toast({ ...note, duration: 5000 });
    for (const failure of componentFailures(view.shown.markdown)) {
      if (failuresToasted.has(failure)) continue;
      failuresToasted.add(failure);
      api.ui.toast({ variant: "error", title: "HUD component", message: failure, duration: 8000 });
    }
    if (compacted.has(sessionID) && lastShown.get(sessionID)?.at !== view.shown.at) {
      compacted.delete(sessionID);
      const n = carriedItems(view.shown.markdown);
      api.ui.toast({ variant: "info", title: "HUD", message: `the HUD carried ${n} items through compaction` });
    }
    lastShown.set(sessionID, view.shown);
  };
  const timer = setInterval(poll, POLL_MS);
  const offCompacted = api.event.on("session.compacted", (event) => compacted.add(event.properties.sessionID));
  api.lifecycle.onDispose(() => {
    clearInterval(timer);
    offCompacted();
    desk.close();
  });
  if (desk.board.failures > 0)
    api.ui.toast({ variant: "error", title: "HUD", message: `the HUD database at ${desk.dir} cannot be opened` });

  api.slots.register({
    order: 150,
    slots: {
      sidebar_content: (ctx, props) => (
        <Sidebar desk={desk} sessionID={props.session_id} tick={tick} theme={ctx.theme.current} />
      ),
    },
  });

  const withSession = (run) => () => {
    const sessionID = sessionNow();
    if (!sessionID) return api.ui.toast({ variant: "warning", message: "HUD: open a session first" });
    return run(sessionID);
  };
  const switchTo = (off) =>
    withSession((sessionID) => {
      desk.setOff(sessionID, off);
      poll();
      api.ui.toast({ variant: "info", title: "HUD", message: off ? "off for this session" : "on for this session" });
    });
  api.command?.register(() => [
    {
      title: "HUD: show what the agent last received",
      value: "agent-hud.show",
      category: "HUD",
      slash: { name: "hud" },
      onSelect: withSession((sessionID) =>
        api.ui.dialog.replace(() => <HudDialog desk={desk} sessionID={sessionID} theme={api.theme.current} />),
      ),
    },
    {
      title: "HUD: edit (task, notes, decisions, steps, blockers)",
      value: "agent-hud.edit",
      category: "HUD",
      slash: { name: "hud-edit" },
      onSelect: withSession((sessionID) => editHud(api, desk, options, sessionID, poll)),
    },
    {
      title: "HUD: switch off for this session",
      value: "agent-hud.off",
      category: "HUD",
      slash: { name: "hud-off" },
      onSelect: switchTo(true),
    },
    {
      title: "HUD: switch on for this session",
      value: "agent-hud.on",
      category: "HUD",
      slash: { name: "hud-on" },
      onSelect: switchTo(false),
    },
  ]);
};

export default { id: "agent-hud", tui };
