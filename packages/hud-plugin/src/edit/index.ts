// Loaded by the TUI entry on the person's first edit only (it brings the renderer and the tokenizer).
export { PersonEditor, type EditAnswer, type PersonEditOptions } from "./person-edit.ts";
export { personActions, type PersonAction } from "../board/person-actions.ts";
export { componentActions, type ComponentAction } from "../board/component-actions.ts";
