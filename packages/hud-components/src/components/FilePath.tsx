/** @jsxImportSource @agent-hud/ujsx */
import { short } from "./markup.ts";

export type FilePathProps = { path: string; max: number };

/**
 * A file path as inline code: read verbatim (no `\#` or `\.` escapes), and still contained, since the
 * serialiser picks a fence longer than any backtick run in the path. Code spans are not escaped, so a
 * path with `<` stays text: it could otherwise spell the tag that closes the HUD's wrapper.
 */
export function FilePath({ path, max }: FilePathProps) {
  const text = short(path, max);
  return text.includes("<") ? text : <inlineCode value={text} />;
}
