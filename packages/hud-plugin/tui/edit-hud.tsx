import type { HudDesk } from "../dist/tui/core.js";
import type { Glue } from "./types/host.ts";

type Edit = typeof import("../dist/tui/edit.js");
let editor: { editor: InstanceType<Edit["PersonEditor"]>; personActions: Edit["personActions"] } | undefined;

/** The person's editor, created on first use: it loads the HUD renderer, which the TUI otherwise never needs. */
async function personEditor(glue: Glue, desk: HudDesk, options: Record<string, unknown> | undefined) {
  if (editor) return editor;
  const { PersonEditor, personActions } = await import("../dist/tui/edit.js");
  editor = {
    editor: new PersonEditor({
      board: desk.board,
      dir: desk.dir,
      options,
      // opencode 2's TUI names no worktree: the directory stands for it
      directory: glue.directory ?? process.cwd(),
      worktree: glue.worktree ?? glue.directory ?? process.cwd(),
    }),
    personActions,
  };
  const opened = editor;
  glue.onDispose(() => opened.editor.close());
  return opened;
}

/** `/hud-edit`: pick an action, give its text when it needs one; the result shows as a toast. */
export async function editHud(
  glue: Glue,
  desk: HudDesk,
  options: Record<string, unknown> | undefined,
  sessionID: string,
  refresh: () => void,
) {
  const { editor: person, personActions } = await personEditor(glue, desk, options);
  const actions = personActions(person.state(sessionID));
  const index = await glue.select(
    "Edit the HUD",
    actions.map((action) => action.title),
  );
  const action = index === undefined ? undefined : actions[index];
  if (!action) return;
  let call;
  if (action.kind === "ask") {
    const text = (await glue.prompt(action.prompt, action.title))?.trim();
    if (!text) return glue.closeDialog();
    call = action.call(text);
  } else call = action.call;
  const answer = await person.apply(sessionID, call);
  desk.invalidate();
  refresh();
  if (action.kind === "read" && answer.ok) return glue.alert("HUD history", answer.text);
  glue.closeDialog();
  glue.toast({ variant: answer.ok ? "success" : "error", title: "HUD", message: answer.text });
}
