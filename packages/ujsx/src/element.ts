import { type Child, type Component, type Key, UJSX_ELEMENT, type UJsxElement } from "./types.ts";

/** Groups children without adding a node. */
export function Fragment(props: { children?: Child }): Child {
  return props.children;
}

/** Create an element the way the automatic JSX runtime does: `props` holds the children. */
export function createElement(
  type: string | Component<any>,
  props: Record<string, unknown> & { children?: Child },
  key?: Key,
): UJsxElement {
  return { $$typeof: UJSX_ELEMENT, type, props, children: props.children, key };
}

/** `h("heading", { depth: 2 }, "Notes")`: JSX for code without a JSX transform. */
export function h(
  type: string | Component<any>,
  props?: (Record<string, unknown> & { key?: Key }) | null,
  ...children: Child[]
): UJsxElement {
  const all: Record<string, unknown> & { children?: Child } = {};
  let key: Key | undefined;
  if (props) {
    for (const name in props) {
      if (name === "key") key = props.key;
      else all[name] = props[name];
    }
  }
  if (children.length === 1) all.children = children[0];
  else if (children.length > 1) all.children = children;
  return createElement(type, all, key);
}

export function isUJsxElement(value: unknown): value is UJsxElement {
  return typeof value === "object" && value !== null && (value as UJsxElement).$$typeof === UJSX_ELEMENT;
}
