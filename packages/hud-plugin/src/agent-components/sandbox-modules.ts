import { posix } from "node:path";

/**
 * What a component file's imports of the HUD packages are inside the sandbox: the element factory of the
 * prelude (`__h`, `__Fragment`) under the names the packages export, and the density names. Nothing else of
 * the packages exists there; a value import of another name fails to link, in one line.
 */
const JSX_RUNTIME = `const h = globalThis.__h;
export const Fragment = globalThis.__Fragment;
export const jsx = (type, props) => {
  const { children, ...rest } = props ?? {};
  return children === undefined ? h(type, rest) : Array.isArray(children) ? h(type, rest, ...children) : h(type, rest, children);
};
export const jsxs = jsx;
export const jsxDEV = jsx;`;

export const SANDBOX_MODULES: Record<string, string> = {
  "@agent-hud/ujsx": "export const h = globalThis.__h;\nexport const Fragment = globalThis.__Fragment;",
  "@agent-hud/ujsx/jsx-runtime": JSX_RUNTIME,
  "@agent-hud/ujsx/jsx-dev-runtime": JSX_RUNTIME,
  "@agent-hud/hud-components": `export const densities = Object.freeze(["full", "compact", "minimal"]);`,
};

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx", "/index.js", "/index.jsx"];

/**
 * The helper a relative import names, as a path relative to the component folder (the host reads it under
 * that name, the sandbox links it by the same name); undefined when it leaves the folder or is not there.
 */
export function resolveHelper(importer: string, spec: string, exists: (path: string) => boolean): string | undefined {
  const joined = posix.normalize(posix.join(posix.dirname(importer), spec));
  if (joined.startsWith("../") || joined === ".." || posix.isAbsolute(joined)) return undefined;
  for (const ext of EXTENSIONS) if (exists(joined + ext)) return joined + ext;
  return undefined;
}
