/** @jsxImportSource @opentui/solid */

let editor;

/** The person's editor, created on first use: it loads the HUD renderer, which the TUI otherwise never needs. */
async function personEditor(api, desk, options) {
  if (editor) return editor;
  const { PersonEditor, personActions } = await import("../dist/tui/edit.js");
  const { directory, worktree } = api.state.path;
  editor = {
    editor: new PersonEditor({ board: desk.board, dir: desk.dir, options, directory, worktree }),
    personActions,
  };
  api.lifecycle.onDispose(() => editor.editor.close());
  return editor;
}

/** `/hud-edit`: pick an action, give its text when it needs one; the result shows as a toast. */
export async function editHud(api, desk, options, sessionID, refresh) {
  const { editor: person, personActions } = await personEditor(api, desk, options);
  const run = async (call, read) => {
    const answer = await person.apply(sessionID, call);
    desk.invalidate();
    refresh();
    if (read && answer.ok)
      return api.ui.dialog.replace(() => <api.ui.DialogAlert title="HUD history" message={answer.text} />);
    api.ui.dialog.clear();
    api.ui.toast({ variant: answer.ok ? "success" : "error", title: "HUD", message: answer.text });
  };
  const actions = personActions(person.state(sessionID));
  api.ui.dialog.replace(() => (
    <api.ui.DialogSelect
      title="Edit the HUD"
      options={actions.map((action, index) => ({ title: action.title, value: index }))}
      onSelect={(option) => {
        const action = actions[option.value];
        if (action.kind !== "ask") return run(action.call, action.kind === "read");
        api.ui.dialog.replace(() => (
          <api.ui.DialogPrompt
            title={action.prompt}
            placeholder={action.title}
            onConfirm={(text) => (text.trim() ? run(action.call(text.trim()), false) : api.ui.dialog.clear())}
            onCancel={() => api.ui.dialog.clear()}
          />
        ));
      }}
    />
  ));
}
