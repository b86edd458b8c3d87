import { Break } from "./break.ts";
import { Cell } from "./cell.ts";
import { Code } from "./code.ts";
import { CodeBlock } from "./codeblock.ts";
import { Delete } from "./delete.ts";
import { Emphasis } from "./emphasis.ts";
import { Heading } from "./heading.ts";
import { Item } from "./item.ts";
import { Link } from "./link.ts";
import { List } from "./list.ts";
import { Paragraph } from "./paragraph.ts";
import { Quote } from "./quote.ts";
import { Root } from "./root.ts";
import { Row } from "./row.ts";
import { Rule } from "./rule.ts";
import { Section } from "./section.ts";
import { Strong } from "./strong.ts";
import { Table } from "./table.ts";
import { Text } from "./text.ts";

export {
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
};

/** Every intrinsic kind by its JSX tag. */
export const intrinsicKinds = {
  root: Root,
  section: Section,
  heading: Heading,
  paragraph: Paragraph,
  text: Text,
  strong: Strong,
  emphasis: Emphasis,
  delete: Delete,
  code: Code,
  codeblock: CodeBlock,
  link: Link,
  list: List,
  item: Item,
  table: Table,
  row: Row,
  cell: Cell,
  quote: Quote,
  rule: Rule,
  break: Break,
} as const;

export type IntrinsicKinds = typeof intrinsicKinds;
export type IntrinsicTag = keyof IntrinsicKinds;
