// The map must not go stale silently: every repository path the docs, the READMEs and api.md write in
// backticks or link to exists. A path written relative to the document (`./x`, `../x`) must exist from there;
// any other path must be the tail of a file or folder of the repository, since the prose often names a file
// from its package or its src/ folder (`hooks/event.ts`). A moved or deleted file matches nothing.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fromMarkdown } from "mdast-util-from-markdown";

const ROOT = resolve(import.meta.dir, "../../../..");
const SKIP_DIRS = new Set(["node_modules", ".git", ".turbo", "dist"]);
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|json|jsonc|md|toml|ya?ml|sh|wasm)$/;
// Starts like a relative path, and holds only characters a path here uses: commands (`/hud`), package
// specifiers (`@agent-hud/...`), placeholders (`<case>`, `${XDG_...}`), home paths (`~/...`), globs and
// URLs are not repository paths.
const PATH_SHAPE = /^[\w.][\w.\-/]*$/;

/** Written as paths but not in this repository, each with the reason. */
const ALLOWED: Record<string, string> = {
  ".opencode/hud/memory.md": "the memory file in the person's project",
  ".opencode/hud/": "the person's project",
  ".opencode/hud/.gitattributes": "the person's project",
  ".opencode/hud/.gitignore": "the person's project",
  ".opencode/opencode.json": "the person's project",
  ".opencode/agent-hud.jsonc": "the person's project",
  ".opencode/tui.json": "the person's project",
  ".git/info/exclude": "the person's repository",
  "agent-hud.jsonc": "the config file the person writes",
  "tools/list": "an MCP method's name",
  "tools/call": "an MCP method's name",
  "opencode.json": "opencode's config file in the person's project",
  "tui.json": "opencode's TUI config file in the person's project",
  "cli.json": "opencode 2's TUI config file in the person's project",
  ".agents/plugins/marketplace.json": "the Codex marketplace root the build writes into the package",
  "memory.md": "the memory file in the person's project",
  "tsconfig.json": "the person's project (custom components)",
  "GitBranch.tsx": "an example component file in the person's project",
  "TestResults.tsx": "an example component file in the person's project",
  "apps/api/src/routes/reports.ts": "an example file of the person's project",
  "dist/": "build output (bun run build)",
  "dist/server.js": "build output (bun run build)",
  "dist/privacy-rules.js": "build output (bun run build)",
  "privacy-patterns.js": "build output (bun run build)",
  "html-entities.js": "build output (bun run build)",
  "dist/claude-code/": "build output (bun run build): the Claude Code plugin root",
  "commands/hud.md": "in the built Claude Code plugin root",
  "dist/codex/": "build output (bun run build): the Codex CLI plugin root",
  "./dist/codex": "the Codex plugin root, as the marketplace entry names it",
  ".codex-plugin/plugin.json": "in the built Codex CLI plugin root",
  "commands/": "in the Claude Code plugin roots the build writes (dist/claude-code/ and the package folder)",
  "hook.js": "in the built Claude Code plugin root",
  "hook-runtime.js": "in the built plugin roots' scripts/, beside hook.js",
  "o200k-base.js": "build output (bun run build), copied beside each host's hook",
  "markdown-parser.js": "build output (bun run build), copied beside each host's hook",
  "typebox-errors.js": "build output (bun run build), copied beside each host's hook",
  "hook.sh": "in the built plugin roots' scripts/",
  "scripts/mcp.js": "in the built Claude Code plugin root",
  "packages/hud-plugin/dist/claude-code/scripts/statusline.sh": "in the built Claude Code plugin root",
  "scripts/statusline.sh": "in the built Claude Code plugin root",
  "statusline-command.js": "in the built Claude Code plugin root",
  ".claude-plugin/icon.png": "in the built Claude Code plugin roots (copied from assets/icon.png)",
  "settings.json": "a Claude Code plugin's settings file, or the person's",
  "claude-code/hook.log": "in the person's data folder",
  "gemini/hook.log": "in the person's data folder",
  "dist/gemini/": "build output (bun run build): the Gemini CLI extension root",
  "gemini-extension.json": "in the Gemini CLI extension root the build writes (dist/gemini/)",
  "agent-hud-renders.json": "in the person's data folder",
  "dist/v2/promise/context.d.ts": "in opencode's published plugin package",
  "anomalyco/opencode": "opencode's repository",
  "packages/plugin/src/promise/adapter.ts": "in opencode's repository",
  "packages/plugin/src/promise/event.ts": "in opencode's repository",
  "packages/plugin/src/promise/plugin.ts": "in opencode's repository",
  "packages/plugin/src/promise/session.ts": "in opencode's repository",
  "packages/plugin/src/promise/tool.ts": "in opencode's repository",
  "packages/llm/src/cache-policy.ts": "in opencode's repository",
  "packages/llm/src/schema/messages.ts": "in opencode's repository",
  "packages/schema/src/event.ts": "in opencode's repository",
  "packages/schema/src/model.ts": "in opencode's repository",
  "packages/schema/src/session-event.ts": "in opencode's repository",
  "packages/schema/src/tool.ts": "in opencode's repository",
  "convention.add/remove": "two operation names",
  "conventions.add/remove": "two operation names",
  "keyfile.add/remove": "two operation names",
  "keyfiles.add/remove": "two operation names",
};

function* walk(dir: string, docs: boolean): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!docs) yield path;
      yield* walk(path, docs);
    } else if (!docs) yield path;
  }
}

/** The documents the map lives in: docs/, every README and api.md outside fixtures and goldens. */
function documents(): string[] {
  const readmes = [...walk(ROOT, false)].filter(
    (f) => /(^|\/)(README|api)\.md$/.test(f) && !/\/(fixtures|golden)\//.test(relative(ROOT, f)),
  );
  const docs = readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(ROOT, "docs", f));
  return [...readmes, ...docs].sort();
}

type Mention = { doc: string; path: string; line: number };

/** Inline code and link targets that look like a path of this repository. */
function mentions(doc: string, text: string): Mention[] {
  const found: Mention[] = [];
  type Node = { type: string; value?: string; url?: string; children?: Node[]; position?: { start: { line: number } } };
  const visit = (node: Node) => {
    const raw =
      node.type === "inlineCode" ? node.value : node.type === "link" || node.type === "definition" ? node.url : "";
    const path = (raw ?? "").split("#")[0]!;
    if (PATH_SHAPE.test(path) && (path.includes("/") || EXTENSIONS.test(path)) && !/^\.\w+$/.test(path))
      found.push({ doc, path, line: node.position?.start.line ?? 0 });
    for (const child of node.children ?? []) visit(child);
  };
  visit(fromMarkdown(text));
  return found;
}

function exists(mention: Mention, tails: string[]): boolean {
  const { doc, path } = mention;
  if (path.startsWith("./") || path.startsWith("../")) return existsSync(resolve(dirname(doc), path));
  const want = `/${path.replace(/\/$/, "")}`;
  return tails.some((file) => file.endsWith(want));
}

describe("the docs name only paths that exist", () => {
  const tails = [...walk(ROOT, false)].map((f) => f.slice(ROOT.length));

  test("the extraction finds paths in links and in backticks, and a moved file fails the check", () => {
    const doc = join(ROOT, "docs", "x.md");
    const found = mentions(doc, "See [the map](./architecture.md#top), `src/tools/hud.ts`, `/hud`, `task.set`.");
    expect(found.map((m) => m.path)).toEqual(["./architecture.md", "src/tools/hud.ts"]);
    expect(found.every((m) => exists(m, tails))).toBe(true);
    expect(exists({ doc, path: "src/tools/define-tool.ts", line: 1 }, tails)).toBe(false);
    expect(exists({ doc, path: "./hud.ts", line: 1 }, tails)).toBe(false);
  });

  test("every path in docs/, the READMEs and api.md exists (or is allowed, with a reason)", () => {
    const docs = documents();
    // the scan really read the map (a glob that matched nothing would pass vacuously)
    expect(docs.map((d) => relative(ROOT, d))).toContain("docs/architecture.md");
    expect(docs.map((d) => relative(ROOT, d))).toContain("packages/hud-components/api.md");
    const all = docs.flatMap((doc) => mentions(doc, readFileSync(doc, "utf8")));
    expect(all.length).toBeGreaterThan(100);
    const missing = all
      .filter((m) => !(m.path in ALLOWED) && !exists(m, tails))
      .map((m) => `${relative(ROOT, m.doc)}:${m.line} ${m.path}`);
    expect(missing).toEqual([]);
    // an allowance no document uses any more is stale too
    const used = new Set(all.map((m) => m.path));
    expect(Object.keys(ALLOWED).filter((path) => !used.has(path))).toEqual([]);
  });
});
