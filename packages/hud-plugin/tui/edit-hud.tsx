let editor;

/** The person's editor, created on first use: it loads the HUD renderer, which the TUI otherwise never needs. */
async function personEditor(glue, desk, options) {
  if (editor) return editor;
  const { PersonEditor, personActions } = await import("../dist/tui/edit.js");
  editor = {
    editor: new PersonEditor({
      board: desk.board,
      dir: desk.dir,
      options,
      directory: glue.directory,
      worktree: glue.worktree,
    }),
    personActions,
  };
  glue.onDispose(() => editor.editor.close());
  return editor;
}

/** `/hud-edit`: pick an action, give its text when it needs one; the result shows as a toast. */
export async function editHud(glue, desk, options, sessionID, refresh) {
  const { editor: person, personActions } = await personEditor(glue, desk, options);
  const actions = personActions(person.state(sessionID));
  const index = await glue.select(
    "Edit the HUD",
    actions.map((action) => action.title),
  );
  if (index === undefined) return;
  const action = actions[index];
  let call = action.call;
  if (action.kind === "ask") {
    const text = (await glue.prompt(action.prompt, action.title))?.trim();
    if (!text) return glue.closeDialog();
    call = action.call(text);
  }
  const answer = await person.apply(sessionID, call);
  desk.invalidate();
  refresh();
  if (action.kind === "read" && answer.ok) return glue.alert("HUD history", answer.text);
  glue.closeDialog();
  glue.toast({ variant: answer.ok ? "success" : "error", title: "HUD", message: answer.text });
}
