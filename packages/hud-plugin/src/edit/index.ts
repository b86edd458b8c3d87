// Loaded by the TUI entry on the person's first edit only (it brings the renderer and the tokenizer).
export { PersonEditor, type EditAnswer, type PersonEditOptions } from "./person-edit.ts";
export { boardActions, type BoardAction } from "../board/board-actions.ts";
export { componentActions, type ComponentAction } from "../board/component-actions.ts";
