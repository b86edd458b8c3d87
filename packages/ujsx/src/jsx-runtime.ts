import { createElement, Fragment } from "./element.ts";
import type { Component, Key, UJsxElement } from "./types.ts";

export type { JSX } from "./jsx-namespace.ts";
export { Fragment };

/** Automatic-runtime entry for an element with zero or one child. */
export function jsx(type: string | Component<any>, props: Record<string, unknown>, key?: Key): UJsxElement {
  return createElement(type, props, key);
}

/** Automatic-runtime entry for an element with static children (an array). */
export const jsxs = jsx;
