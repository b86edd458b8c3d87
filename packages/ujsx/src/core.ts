// Everything but the markdown parser: what a host that only writes markdown needs (the plugin bundle).
export { createRegistry, defaultRegistry } from "./default-registry.ts";
export { describeSchema } from "./describe-schema.ts";
export { createElement, Fragment, h, isUJsxElement } from "./element.ts";
export { UjsxError } from "./errors.ts";
export type { FromMdastHandler, FromMdastState, UjsxResult } from "./from-mdast/state.ts";
export { toMarkdownOptions } from "./markdown-options.ts";
export { defineNode } from "./node-kind.ts";
export * from "./nodes/index.ts";
export { plainListItem } from "./plain-list-item.ts";
export { resolve, type ResolveOptions } from "./resolve.ts";
export { TransformRegistry, type TransformRule, type UnknownHandlers } from "./registry.ts";
export { mdastToMarkdown, toMarkdown, type ToMarkdownOptions } from "./to-markdown.ts";
export { toMdast } from "./to-mdast.ts";
export { terminalText, toTerminal, type ToTerminalOptions } from "./to-terminal.ts";
export type { TermLine, TermRole, TermSpan, TermStyle } from "./terminal-types.ts";
export type { ItemPlace, TermPiece, TerminalResult, ToTerminalHandler, ToTerminalState } from "./to-terminal/state.ts";
export { contain, containLines, isContained } from "./contain.ts";
export { textWidth } from "./to-terminal/width.ts";
export type { MdastResult, ToMdastHandler, ToMdastState } from "./to-mdast/state.ts";
export {
  type Child,
  type Component,
  type Key,
  type NodeKind,
  type UElement,
  type UJsxElement,
  type UNode,
  type UText,
  UJSX_ELEMENT,
} from "./types.ts";
export type { ValidationMode } from "./validate.ts";
export type { JSX } from "./jsx-namespace.ts";
