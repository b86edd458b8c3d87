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
  Section,
  Strong,
  Table,
  Text,
} from "../nodes/index.ts";
import type { NodeKind } from "../types.ts";
import { hardBreak } from "./break.ts";
import { cell } from "./cell.ts";
import { code } from "./code.ts";
import { codeblock } from "./codeblock.ts";
import { delete as strike } from "./delete.ts";
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
import type { ToMdastHandler } from "./state.ts";
import { strong } from "./strong.ts";
import { table } from "./table.ts";
import { text } from "./text.ts";

/** The default ujsx → mdast handler of every intrinsic kind. */
export const toMdastHandlers = new Map<NodeKind, ToMdastHandler<any>>([
  [Root, root],
  [Section, section],
  [Heading, heading],
  [Paragraph, paragraph],
  [Text, text],
  [Strong, strong],
  [Emphasis, emphasis],
  [Delete, strike],
  [Code, code],
  [CodeBlock, codeblock],
  [Link, link],
  [List, list],
  [Item, item],
  [Table, table],
  [Row, row],
  [Cell, cell],
  [Quote, quote],
  [Rule, rule],
  [Break, hardBreak],
]);
