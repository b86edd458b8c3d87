export * from "./core.ts";
export { fromMarkdown, fromMarkdownOptions, fromMdast } from "./from-markdown.ts";
