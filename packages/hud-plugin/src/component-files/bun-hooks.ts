import { readFileSync } from "node:fs";
import * as hudComponents from "@agent-hud/hud-components";
import * as ujsx from "@agent-hud/ujsx/core";
import * as jsxDevRuntime from "@agent-hud/ujsx/jsx-dev-runtime";
import * as jsxRuntime from "@agent-hud/ujsx/jsx-runtime";
import { displayName, gateForPath, verdict } from "./gate.ts";

/**
 * Components are plain JSX files with no pragma and no dependency installed, and the opencode binary
 * ignores tsconfig's jsxImportSource. So every file under a HUD folder is loaded through a Bun runtime
 * plugin that prepends the ujsx pragma, and the pragma's import (like any import of the HUD packages)
 * resolves to the modules bundled in this plugin: elements come from the very runtime that renders them.
 * Components write trees and never parse markdown, so `@agent-hud/ujsx` here is its parser-free core.
 */
const PRAGMA = "/** @jsxImportSource @agent-hud/ujsx */ ";

const VIRTUAL_MODULES: Record<string, object> = {
  "@agent-hud/ujsx": ujsx,
  "@agent-hud/ujsx/jsx-runtime": jsxRuntime,
  "@agent-hud/ujsx/jsx-dev-runtime": jsxDevRuntime,
  "@agent-hud/hud-components": hudComponents,
};

// Shared by every copy of the plugin in the process: Bun plugins are process-wide and stay registered.
const REGISTRY = Symbol.for("agent-hud.custom.bun-roots");
type Registry = { modules: boolean; roots: Set<string> };

function registry(): Registry {
  const g = globalThis as { [REGISTRY]?: Registry };
  return (g[REGISTRY] ??= { modules: false, roots: new Set() });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function loaderFor(path: string): "ts" | "tsx" | "jsx" {
  if (path.endsWith(".tsx")) return "tsx";
  if (path.endsWith(".ts") || path.endsWith(".mts") || path.endsWith(".cts")) return "ts";
  return "jsx";
}

/** Source handed to Bun: the pragma goes on the first line so reported line numbers stay the user's. */
export function withPragma(source: string): string {
  if (source.startsWith("#!")) {
    const cut = source.indexOf("\n");
    return cut < 0 ? source : `${source.slice(0, cut + 1)}${PRAGMA}${source.slice(cut + 1)}`;
  }
  return PRAGMA + source;
}

/** True when this runtime can load components (Bun); elsewhere the loader reports that instead. */
export function canLoadComponents(): boolean {
  return typeof Bun !== "undefined" && typeof Bun.plugin === "function";
}

/** Route every script under `dir` through the pragma loader; idempotent per folder. */
export function registerHudRoot(dir: string): void {
  const reg = registry();
  if (reg.roots.has(dir)) return;
  reg.roots.add(dir);
  const registerModules = !reg.modules;
  reg.modules = true;
  const filter = new RegExp(`^${escapeRegExp(dir)}/.*\\.(?:[cm]?ts|tsx|jsx?|mjs|cjs)(?:\\?.*)?$`);
  Bun.plugin({
    name: `agent-hud components in ${dir}`,
    setup(build) {
      if (registerModules)
        for (const [specifier, exports] of Object.entries(VIRTUAL_MODULES))
          build.module(specifier, () => ({ exports: { ...exports }, loader: "object" }));
      build.onLoad({ filter }, (args) => {
        // the loader's reload key (`?v=…`) is part of the path Bun hands over
        const file = args.path.replace(/\?.*$/, "");
        const contents = readFileSync(file, "utf8");
        // checked on the very text that runs: a helper a component imports is gated like the component
        const gate = gateForPath(file);
        if (gate && verdict(gate, file, contents) !== "run")
          throw new Error(`${displayName(gate, file)} changed while opencode ran and waits for your acceptance`);
        return { contents: withPragma(contents), loader: loaderFor(file) };
      });
    },
  });
}
