// The ujsx → mdast handler of every intrinsic kind, each under its mdast type name; default-registry.ts
// pairs them with the JSX tags.
export { blockquote } from "./blockquote.ts";
export { break } from "./break.ts";
export { code } from "./code.ts";
export { delete } from "./delete.ts";
export { emphasis } from "./emphasis.ts";
export { heading } from "./heading.ts";
export { inlineCode } from "./inline-code.ts";
export { link } from "./link.ts";
export { list } from "./list.ts";
export { listItem } from "./list-item.ts";
export { paragraph } from "./paragraph.ts";
export { root } from "./root.ts";
export { section } from "./section.ts";
export { strong } from "./strong.ts";
export { table } from "./table.ts";
export { tableCell } from "./table-cell.ts";
export { tableRow } from "./table-row.ts";
export { text } from "./text.ts";
export { thematicBreak } from "./thematic-break.ts";
