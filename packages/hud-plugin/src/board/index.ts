export { HudBoard, type BoardLog } from "./board.ts";
export { publishLater, publishShown, shownOf, treeOf, type ShowTarget } from "./publish.ts";
export { parseShown, Shown, type ShownKind } from "./shown.ts";
