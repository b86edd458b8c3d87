import * as kinds from "../nodes/index.ts";
import type { NodeKind } from "../types.ts";
import { hardBreak } from "./break.ts";
import { tableCell } from "./cell.ts";
import { inlineCode } from "./code.ts";
import { code } from "./codeblock.ts";
import { strike } from "./delete.ts";
import { emphasis } from "./emphasis.ts";
import { heading } from "./heading.ts";
import { listItem } from "./item.ts";
import { link } from "./link.ts";
import { list } from "./list.ts";
import { paragraph } from "./paragraph.ts";
import { blockquote } from "./quote.ts";
import { root } from "./root.ts";
import { tableRow } from "./row.ts";
import { thematicBreak } from "./rule.ts";
import type { FromMdastHandler } from "./state.ts";
import { strong } from "./strong.ts";
import { table } from "./table.ts";
import { html, text } from "./text.ts";

/** The default mdast → ujsx handlers, grouped by the kind each produces (sections are never read back). */
export const fromMdastHandlers = new Map<NodeKind, Record<string, FromMdastHandler>>([
  [kinds.Root, { root }],
  [kinds.Heading, { heading }],
  [kinds.Paragraph, { paragraph }],
  [kinds.Text, { text, html }],
  [kinds.Strong, { strong }],
  [kinds.Emphasis, { emphasis }],
  [kinds.Delete, { delete: strike }],
  [kinds.Code, { inlineCode }],
  [kinds.CodeBlock, { code }],
  [kinds.Link, { link }],
  [kinds.List, { list }],
  [kinds.Item, { listItem }],
  [kinds.Table, { table }],
  [kinds.Row, { tableRow }],
  [kinds.Cell, { tableCell }],
  [kinds.Quote, { blockquote }],
  [kinds.Rule, { thematicBreak }],
  [kinds.Break, { break: hardBreak }],
]);
