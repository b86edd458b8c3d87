import { createElement, Fragment } from "./element.ts";
import type { Component, Key, UJsxElement } from "./types.ts";

export type { JSX } from "./jsx-namespace.ts";
export { Fragment };

/**
 * Development entry (Bun's transpiler uses it). The extra arguments (static flag, source, self) are
 * ignored: paths in validation errors come from the component tree, which is what a HUD author reads.
 */
export function jsxDEV(
  type: string | Component<any>,
  props: Record<string, unknown>,
  key?: Key,
  _isStatic?: boolean,
  _source?: unknown,
  _self?: unknown,
): UJsxElement {
  return createElement(type, props, key);
}
