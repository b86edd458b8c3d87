import type { BoardReader } from "../dist/board/core.js";
import type { Glue } from "./types/host.ts";

type Edit = typeof import("../dist/edit/index.js");
type PersonEditing = {
  editor: InstanceType<Edit["PersonEditor"]>;
  boardActions: Edit["boardActions"];
  componentActions: Edit["componentActions"];
};

// One editor per reader (a reader is one TUI's view of one database), kept as a promise so two quick
// `/hud-edit`s share the one being created instead of opening two.
const editors = new WeakMap<BoardReader, Promise<PersonEditing>>();

/** The person's editor, created on first use: it loads the HUD renderer, which the TUI otherwise never needs. */
function personEditor(glue: Glue, reader: BoardReader, options: Record<string, unknown> | undefined) {
  let editing = editors.get(reader);
  if (!editing) {
    editing = import("../dist/edit/index.js").then(({ PersonEditor, boardActions, componentActions }) => {
      const editor = new PersonEditor({
        board: reader.board,
        dir: reader.dir,
        options,
        // opencode 2's TUI names no worktree: the directory stands for it
        directory: glue.directory ?? process.cwd(),
        worktree: glue.worktree ?? glue.directory ?? process.cwd(),
      });
      glue.onDispose(() => editor.close());
      return { editor, boardActions, componentActions };
    });
    // a failed load is not kept: the next /hud-edit tries again
    editing.catch(() => editors.delete(reader));
    editors.set(reader, editing);
  }
  return editing;
}

/** `/hud-edit`: pick an action, give its text when it needs one; the result shows as a toast. */
export async function editHud(
  glue: Glue,
  reader: BoardReader,
  options: Record<string, unknown> | undefined,
  sessionID: string,
  refresh: () => void,
) {
  const { editor: person, boardActions, componentActions } = await personEditor(glue, reader, options);
  // component files written while opencode ran come first: they wait for this person's answer
  const components = componentActions(glue.directory ?? process.cwd());
  const actions = boardActions(person.state(sessionID), person.projectState(sessionID));
  const index = await glue.select(
    "Edit the HUD",
    [...components, ...actions].map((action) => action.title),
  );
  const component = index === undefined ? undefined : components[index];
  if (component) {
    const answer = component.decide();
    glue.closeDialog();
    return glue.toast({ variant: answer.ok ? "success" : "error", title: "HUD component", message: answer.text });
  }
  const action = index === undefined ? undefined : actions[index - components.length];
  if (!action) return;
  let call;
  if (action.kind === "ask") {
    const text = (await glue.prompt(action.prompt, action.title))?.trim();
    if (!text) return glue.closeDialog();
    call = action.call(text);
  } else call = action.call;
  const answer = await person.apply(sessionID, call);
  reader.invalidate();
  refresh();
  if (action.kind === "read" && answer.ok) return glue.alert("HUD history", answer.text);
  glue.closeDialog();
  glue.toast({ variant: answer.ok ? "success" : "error", title: "HUD", message: answer.text });
}
