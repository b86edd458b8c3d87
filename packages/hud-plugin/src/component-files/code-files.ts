import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join, sep } from "node:path";

const CODE_FILE = /\.(?:[cm]?ts|tsx|jsx?|mjs|cjs)$/;
const MAX_DEPTH = 4;
const MAX_FILES = 2_000;
/** A component or helper larger than this is refused: components are small, and the text travels per render. */
export const MAX_CODE_BYTES = 256 * 1024;

/** Every code file under `dir` (components and the helpers they import), to a bounded depth and count. */
export function codeFiles(dir: string, out: string[] = [], depth = 0): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (out.length >= MAX_FILES) break;
    const path = join(dir, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH && entry.name !== "node_modules") codeFiles(path, out, depth + 1);
    else if ((entry.isFile() || entry.isSymbolicLink()) && CODE_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * The text of a code file inside `root`, as bytes and text; throws one line for a file that is not a plain
 * file inside the folder (a link out of it would put any file of the person's into the sandbox and, through
 * an error line, into the agent's HUD), has a second name (a hard link: the same file reached from anywhere
 * else, whose content can change under a name the person accepted), or is too large. The checks and the read
 * go through one open file, so what was checked is what is read.
 */
export function readCodeFile(root: string, path: string): { bytes: Buffer; text: string } {
  const real = realpathSync(path);
  const top = realpathSync(root);
  if (!real.startsWith(top + sep)) throw new Error("it links out of its component folder");
  const fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error("it is not a plain file");
    if (st.nlink > 1)
      throw new Error(
        `it is a hard link (${st.nlink} names for one file); agent-hud reads only a file of its own: copy it`,
      );
    if (st.size > MAX_CODE_BYTES) throw new Error(`it is ${st.size} bytes; the limit is ${MAX_CODE_BYTES}`);
    const bytes = readFileSync(fd);
    if (bytes.length > MAX_CODE_BYTES) throw new Error(`it is ${bytes.length} bytes; the limit is ${MAX_CODE_BYTES}`);
    return { bytes, text: bytes.toString("utf8") };
  } finally {
    closeSync(fd);
  }
}
