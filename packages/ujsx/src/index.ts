export * from "./core.ts";
export { fromMarkdown, fromMarkdownOptions, fromMdast, parseMarkdown } from "./from-markdown.ts";
