import type { Component } from "@agent-hud/ujsx/core";
import type { CustomSection, HudComponentProps } from "@agent-hud/hud-components";
import { createRequire } from "node:module";
import type { ComponentFile } from "./discover.ts";
import { describeLoadError } from "./describe-error.ts";
import { readMetadata } from "./metadata.ts";

// Synchronous on purpose: the render path is synchronous and an edited file must show in the very
// next HUD, so components are required (Bun requires ES modules synchronously) rather than imported.
const requireModule = createRequire(import.meta.url);

/** Module key of one version of a file: a new key makes Bun evaluate the edited file afresh. */
export const versionedPath = (path: string, stamp: string) => `${path}?v=${stamp}`;

/**
 * Loads one component file as a section. A file that cannot be used (syntax error, import that throws,
 * no default export, bad metadata) becomes a section whose component throws that reason, so the renderer's
 * isolation shows it as the one error line in the component's slot.
 */
export function loadComponent(file: ComponentFile, stamp: string): CustomSection {
  const source = file.root.display(file.path);
  try {
    const module = requireModule(versionedPath(file.path, stamp)) as Record<string, unknown>;
    const component = module.default;
    if (typeof component !== "function")
      throw new Error(
        `no default export component; expected export default function ${file.name}(props) returning JSX`,
      );
    const meta = readMetadata(module);
    // error paths name components by function name; an anonymous default export would read "default"
    if (!component.name || component.name === "default") Object.defineProperty(component, "name", { value: file.name });
    return {
      name: meta.name ?? file.name,
      component: component as Component<HudComponentProps>,
      source,
      ...(meta.before ? { before: meta.before } : {}),
      ...(meta.after ? { after: meta.after } : {}),
      ...(meta.priority !== undefined ? { priority: meta.priority } : {}),
      ...(meta.stability ? { stability: meta.stability } : {}),
    };
  } catch (error) {
    return failedSection(file.name, source, describeLoadError(error));
  }
}

/** A section that renders only its reason for failing. */
export function failedSection(name: string, source: string, reason: string): CustomSection {
  const error = new Error(`failed to load: ${reason}`);
  const component: Component<HudComponentProps> = () => {
    throw error;
  };
  Object.defineProperty(component, "name", { value: name });
  return { name, component, source };
}

/** Drops cached module versions under `dir` so an edited component also picks up its edited helpers. */
export function forgetModules(dir: string): void {
  const cache = requireModule.cache as Record<string, unknown>;
  for (const key of Object.keys(cache)) if (key.startsWith(`${dir}/`)) delete cache[key];
}
