export { HudBoard, type BoardLog } from "./board.ts";
export { parseShown, Shown, type ShownKind } from "./shown.ts";
export { publishShown, shownOf } from "./publish.ts";
