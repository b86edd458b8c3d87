// The server bundle opencode loads at every start: what must stay out of it, read from the built files.
import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundledPackages, filesLoadedAtStart } from "../harness/bundle.ts";
import { ensureFreshBundle } from "../harness/fresh-build.ts";
import { PLUGIN_DIR } from "../harness/opencode.ts";

const dist = join(PLUGIN_DIR, "dist");

test("at start: the renderer's packages, and no zod, markdown parser, tokenizer table, TypeBox compiler, entity table or debug build", async () => {
  ensureFreshBundle();
  const files = filesLoadedAtStart(dist);
  expect(files).toContain("server.js");
  const atStart = bundledPackages(dist, files);
  // the reading works: these are what the server renders with
  for (const name of ["@sinclair/typebox", "mdast-util-to-markdown", "mdast-util-gfm"]) expect(atStart).toContain(name);
  for (const name of [
    "zod",
    "mdast-util-from-markdown",
    "micromark",
    "micromark-extension-gfm",
    "gpt-tokenizer",
    "debug",
    "quickjs-emscripten-core",
    "@jitl/quickjs-wasmfile-release-sync",
    "re2js",
    "sucrase",
    "js-tokens",
  ])
    expect(atStart).not.toContain(name);
  // TypeBox's schema compiler loads once a node kind has been checked often; its builders and value
  // operations come by name, so the start has none of the others (extends checks, cast, convert, diff...)
  const start = files.map((file) => readFileSync(join(dist, file), "utf8")).join("\n");
  for (const module of ["compiler/compiler.mjs", "type/extends/extends-check.mjs", "value/cast/cast.mjs"])
    expect(start).not.toContain(`@sinclair/typebox/build/esm/${module}\n`);
  expect(start).toContain("@sinclair/typebox/build/esm/value/check/check.mjs\n");
  // the HTML entity table (for link labels and the memory file's parser) is a file of its own, required on
  // the first decode
  expect(start).not.toContain("character-entities/index.js\n");
  const entities = (await import(join(dist, "html-entities.js"))) as { characterEntities: Record<string, string> };
  expect(entities.characterEntities["amp"]).toBe("&");
  // the linear-time engine of privacy.patterns: a file of its own, required only when there are patterns
  expect(bundledPackages(dist, ["privacy-patterns.js"])).toContain("re2js");
  // the parser is in the bundle, behind a dynamic import; o200k's rank table a file of its own beside it,
  // required on the lazy tokenizer's load, the same file every host's hook requires (no second copy)
  const everything = bundledPackages(dist, [...new Bun.Glob("chunk-*.js").scanSync(dist)]);
  expect(everything).toContain("mdast-util-from-markdown");
  expect(everything).not.toContain("gpt-tokenizer");
  expect(bundledPackages(dist, ["o200k-base.js"])).toContain("gpt-tokenizer");
  const o200k = (await import(join(dist, "o200k-base.js"))) as { countTokens: (s: string) => number };
  expect(o200k.countTokens("hello world")).toBe(2);
  for (const host of ["claude-code", "codex", "gemini"]) {
    const scripts = join(dist, host, "scripts");
    expect(
      bundledPackages(
        scripts,
        [...new Bun.Glob("*.js").scanSync(scripts)].filter((f) => f !== "o200k-base.js"),
      ),
    ).not.toContain("gpt-tokenizer");
  }
  // QuickJS and the compiler are only in the sandbox process's own file, never in the plugin's thread
  expect(everything).not.toContain("quickjs-emscripten-core");
  const sandbox = bundledPackages(dist, ["sandbox-process.js"]);
  for (const name of ["quickjs-emscripten-core", "sucrase"]) expect(sandbox).toContain(name);
  // the tokenizer of component sources: a file of its own, required on the first source read
  expect(everything).not.toContain("js-tokens");
  const jsTokens = (await import(join(dist, "js-tokens.js"))) as {
    default: (s: string) => Iterable<{ value: string }>;
  };
  expect([...jsTokens.default("a+b")].map((token) => token.value)).toEqual(["a", "+", "b"]);
  // agent components' wasm ships beside the chunks, read by the sandbox process
  expect(existsSync(join(dist, "quickjs.wasm"))).toBe(true);
});

test("the hook runtime (CommonJS with bytecode, read whole by every in-process hook): no markdown parser and only the parts of TypeBox it imports", () => {
  ensureFreshBundle({ bundle: join(dist, "claude-code", "scripts", "hook.js") });
  for (const host of ["claude-code", "codex", "gemini"]) {
    const scripts = join(dist, host, "scripts");
    const runtime = readFileSync(join(scripts, "hook-runtime.js"), "utf8");
    for (const name of ["mdast-util-from-markdown", "micromark-extension-gfm", "micromark-core-commonmark"])
      expect(runtime).not.toContain(`/node_modules/${name}/`);
    // the entry points' initialisers would run every builder and value operation at start; the schema
    // compiler would not pay for itself in a process that lives for one hook
    for (const module of [
      "index.mjs",
      "value/index.mjs",
      "value/cast/cast.mjs",
      "value/create/create.mjs",
      "compiler/compiler.mjs",
    ])
      expect(runtime).not.toContain(`@sinclair/typebox/build/esm/${module}\n`);
    expect(runtime).toContain("@sinclair/typebox/build/esm/value/check/check.mjs\n");
    // the entry every hook loads, forwarded or not: the hand-over only, none of the store or TypeBox
    expect(bundledPackages(dist, [`${host}/scripts/hook.js`])).not.toContain("@sinclair/typebox");
    // the parser is beside it, required on the first parse of a memory file
    expect(bundledPackages(dist, [`${host}/scripts/markdown-parser.js`])).toContain("micromark-extension-gfm");
    // TypeBox's errors too, required on the first failed check's description; and no initialiser wraps the
    // runtime's modules (an inlined dynamic import would)
    expect(runtime).not.toContain("@sinclair/typebox/build/esm/errors/errors.mjs\n");
    expect(readFileSync(join(scripts, "typebox-errors.js"), "utf8")).toContain(
      "@sinclair/typebox/build/esm/errors/errors.mjs\n",
    );
    expect(runtime).not.toContain("hud-components/src/router/catalog.ts\n");
    expect(runtime.match(/= __esm\(/g)?.length ?? 0).toBeLessThan(10);
  }
});

test("bunfig attack, the built agent-hud command: run through a link in a project whose bunfig.toml preloads its code, it runs without it", () => {
  ensureFreshBundle();
  const project = mkdtempSync(join(tmpdir(), "hostile-project-"));
  const bin = mkdtempSync(join(tmpdir(), "bin-"));
  try {
    const preloaded = join(project, "preloaded");
    writeFileSync(join(project, "bunfig.toml"), 'preload = ["./evil.js"]\n');
    writeFileSync(join(project, "evil.js"), `require("node:fs").writeFileSync(${JSON.stringify(preloaded)}, "ran");\n`);
    const link = join(bin, "agent-hud");
    symlinkSync(join(dist, "cli", "index.js"), link);
    const run = Bun.spawnSync([link, "--help"], { cwd: project, env: { PATH: process.env.PATH ?? "" } });
    expect(run.exitCode).toBe(0);
    expect(run.stderr.toString()).toContain("usage: agent-hud");
    expect(existsSync(preloaded)).toBe(false);
  } finally {
    for (const dir of [project, bin]) rmSync(dir, { recursive: true, force: true });
  }
});
