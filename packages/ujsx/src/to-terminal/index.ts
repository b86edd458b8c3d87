import * as kinds from "../nodes/index.ts";
import type { NodeKind } from "../types.ts";
import { hardBreak } from "./break.ts";
import { cell } from "./cell.ts";
import { code } from "./code.ts";
import { codeblock } from "./codeblock.ts";
import { strike } from "./delete.ts";
import { emphasis } from "./emphasis.ts";
import { heading } from "./heading.ts";
import { item } from "./item.ts";
import { link } from "./link.ts";
import { list } from "./list.ts";
import { paragraph } from "./paragraph.ts";
import { quote } from "./quote.ts";
import { root } from "./root.ts";
import { row } from "./row.ts";
import { rule } from "./rule.ts";
import { section } from "./section.ts";
import type { ToTerminalHandler } from "./state.ts";
import { strong } from "./strong.ts";
import { table } from "./table.ts";
import { text } from "./text.ts";

/** The default ujsx → terminal handler of every intrinsic kind. */
export const toTerminalHandlers = new Map<NodeKind, ToTerminalHandler<any>>([
  [kinds.Root, root],
  [kinds.Section, section],
  [kinds.Heading, heading],
  [kinds.Paragraph, paragraph],
  [kinds.Text, text],
  [kinds.Strong, strong],
  [kinds.Emphasis, emphasis],
  [kinds.Delete, strike],
  [kinds.Code, code],
  [kinds.CodeBlock, codeblock],
  [kinds.Link, link],
  [kinds.List, list],
  [kinds.Item, item],
  [kinds.Table, table],
  [kinds.Row, row],
  [kinds.Cell, cell],
  [kinds.Quote, quote],
  [kinds.Rule, rule],
  [kinds.Break, hardBreak],
]);
