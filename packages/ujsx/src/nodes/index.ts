import { Break } from "./break.ts";
import { Cell } from "./cell.ts";
import { Code } from "./code.ts";
import { Delete } from "./delete.ts";
import { Emphasis } from "./emphasis.ts";
import { Heading } from "./heading.ts";
import { InlineCode } from "./inline-code.ts";
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
  Delete,
  Emphasis,
  Heading,
  InlineCode,
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
  inlineCode: InlineCode,
  code: Code,
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

/**
 * Older tags still read, each the kind it names: `<codeblock>` was the code block before the tags took
 * mdast's names. An alias resolves to its kind's own tag, so a tree never holds it.
 */
export const intrinsicAliases = {
  codeblock: Code,
} as const;

export type IntrinsicKinds = typeof intrinsicKinds;
export type IntrinsicAliases = typeof intrinsicAliases;
export type IntrinsicTag = keyof IntrinsicKinds;
