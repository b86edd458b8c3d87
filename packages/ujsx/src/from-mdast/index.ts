import {
  Break,
  Cell,
  Code,
  CodeBlock,
  Delete,
  Emphasis,
  Heading,
  Item,
  Link,
  List,
  Paragraph,
  Quote,
  Root,
  Row,
  Rule,
  Strong,
  Table,
  Text,
} from "../nodes/index.ts";
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
  [Root, { root }],
  [Heading, { heading }],
  [Paragraph, { paragraph }],
  [Text, { text, html }],
  [Strong, { strong }],
  [Emphasis, { emphasis }],
  [Delete, { delete: strike }],
  [Code, { inlineCode }],
  [CodeBlock, { code }],
  [Link, { link }],
  [List, { list }],
  [Item, { listItem }],
  [Table, { table }],
  [Row, { tableRow }],
  [Cell, { tableCell }],
  [Quote, { blockquote }],
  [Rule, { thematicBreak }],
  [Break, { break: hardBreak }],
]);
