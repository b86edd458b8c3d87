import { isUJsxElement, Fragment } from "./element.ts";
import { PathStack, UjsxError } from "./errors.ts";
import { defaultRegistry } from "./default-registry.ts";
import type { TransformRegistry } from "./registry.ts";
import type { Child, Component, Key, NodeKind, UElement, UNode, UText } from "./types.ts";
import { checkProps, preview, type ValidationMode } from "./validate.ts";

export type ResolveOptions = {
  /**
   * `dev` (default) validates with TypeBox's interpreter and extra structure checks; `production` uses
   * compiled checkers; `trusted` checks nothing (the caller's own typed trees, see `ValidationMode`).
   */
  mode?: ValidationMode;
  /** Prefix for error paths, e.g. the name of the section being rendered. */
  path?: string;
  /** Where node kinds are looked up by tag; defaults to `defaultRegistry`. */
  registry?: TransformRegistry;
};

const EMPTY_PROPS: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

type Context = {
  mode: ValidationMode;
  registry: TransformRegistry;
  path: PathStack;
  pathText: () => string;
};

/**
 * Expand components and fragments into a plain tree in one pass, validating each node's props as it
 * is built. The result is always a `root` element.
 */
export function resolve(child: Child, options: ResolveOptions = {}): UElement {
  const path = new PathStack(options.path ?? "");
  const ctx: Context = {
    mode: options.mode ?? "dev",
    registry: options.registry ?? defaultRegistry,
    path,
    pathText: () => path.toString(),
  };
  const out: UNode[] = [];
  visit(child, out, ctx, false);
  const only = out[0];
  if (out.length === 1 && only !== undefined && only.type === "root") return only as UElement;
  return { type: "root", props: EMPTY_PROPS, children: out };
}

function visit(child: Child, out: UNode[], ctx: Context, indexed: boolean): void {
  if (child === null || child === undefined || typeof child === "boolean") return;
  if (typeof child === "string") return pushText(out, child);
  if (typeof child === "number") return pushText(out, String(child));
  if (Array.isArray(child)) {
    for (let i = 0; i < child.length; i++) visit(child[i] as Child, out, ctx, true);
    return;
  }
  if (isUJsxElement(child)) {
    const { type } = child;
    if (typeof type === "function") {
      if (type === Fragment) return visit(child.children, out, ctx, indexed);
      return renderComponent(type, child.props, out, ctx, indexed);
    }
    return intrinsic(type, child.props, child.children, child.key, out, ctx, indexed);
  }
  const node = child as Partial<UElement> & Partial<UText>;
  if (typeof node === "object" && typeof node.type === "string") {
    if (node.type === "text" && typeof node.value === "string") return pushText(out, node.value);
    if (Array.isArray(node.children)) {
      return intrinsic(node.type, node.props ?? EMPTY_PROPS, node.children, node.key, out, ctx, indexed);
    }
  }
  throw new UjsxError(
    `Cannot render ${preview(child)} at ${ctx.pathText()}; expected an element, a string, a number, an array, or null`,
    ctx.pathText(),
  );
}

function renderComponent(
  type: Component<any>,
  props: Record<string, unknown>,
  out: UNode[],
  ctx: Context,
  indexed: boolean,
): void {
  const name = type.displayName || type.name || "Anonymous";
  ctx.path.push(name, -1);
  const result = type(props);
  if (isThenable(result)) {
    // Keep a rejected promise from surfacing later as an unhandled rejection.
    (result as unknown as PromiseLike<unknown>).then(undefined, () => {});
    throw new UjsxError(
      `Component ${name} returned a Promise at ${ctx.pathText()}; components must be synchronous: load data first and pass it in as props`,
      ctx.pathText(),
    );
  }
  visit(result, out, ctx, indexed);
  ctx.path.pop();
}

function intrinsic(
  type: string,
  rawProps: Record<string, unknown>,
  children: Child,
  key: Key | undefined,
  out: UNode[],
  ctx: Context,
  indexed: boolean,
): void {
  ctx.path.push(type, indexed ? out.length : -1);
  const kind = ctx.registry.kind(type);
  const props = ownProps(rawProps);
  // Unknown tags pass through: the registry's `unknown` handler reports them when they are rendered.
  if (kind !== undefined) {
    checkProps(kind, props, ctx.mode, ctx.pathText);
    if (kind.leaf) return leaf(kind, props, children, out, ctx);
  }
  const element: UElement = { type: kind?.name ?? type, props, children: [] };
  if (key !== undefined) element.key = key;
  visit(children, element.children, ctx, Array.isArray(children));
  if (ctx.mode === "dev") checkKeys(element, ctx);
  out.push(element);
  ctx.path.pop();
}

function leaf(kind: NodeKind, props: Record<string, unknown>, children: Child, out: UNode[], ctx: Context): void {
  if (children !== undefined && children !== null && children !== false && ctx.mode === "dev") {
    const example = kind.name === "rule" || kind.name === "break" ? `<${kind.name} />` : `<${kind.name} value="…" />`;
    throw new UjsxError(
      `<${kind.name}> at ${ctx.pathText()} takes no children; put its content in props, e.g. ${example}`,
      ctx.pathText(),
    );
  }
  if (kind.name === "text") pushText(out, props.value as string);
  else out.push({ type: kind.name, props, children: [] });
  ctx.path.pop();
}

/** Props minus `children`/`key`; allocates only when there is something to copy. */
function ownProps(raw: Record<string, unknown>): Record<string, unknown> {
  let props: Record<string, unknown> | undefined;
  for (const name in raw) {
    if (name === "children" || name === "key") continue;
    const value = raw[name];
    if (value === undefined) continue;
    (props ??= {})[name] = value;
  }
  return props ?? EMPTY_PROPS;
}

function pushText(out: UNode[], value: string): void {
  if (value === "") return;
  const last = out[out.length - 1];
  if (last !== undefined && last.type === "text") {
    out[out.length - 1] = { type: "text", value: (last as UText).value + value };
  } else {
    out.push({ type: "text", value });
  }
}

function checkKeys(element: UElement, ctx: Context): void {
  let seen: Set<Key> | undefined;
  for (const child of element.children) {
    const key = (child as UElement).key;
    if (key === undefined) continue;
    seen ??= new Set();
    if (seen.has(key)) {
      throw new UjsxError(
        `Duplicate key ${JSON.stringify(key)} among the children of <${element.type}> at ${ctx.pathText()}; keys must be unique among siblings`,
        ctx.pathText(),
      );
    }
    seen.add(key);
  }
}

function isThenable(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as PromiseLike<unknown>).then === "function";
}

/** A resolved root is used as is by the renderers; anything else (JSX, arrays, strings, loose nodes) is resolved. */
export function isResolvedRoot(tree: Child | UNode): tree is UNode {
  return (
    typeof tree === "object" &&
    tree !== null &&
    !Array.isArray(tree) &&
    !isUJsxElement(tree) &&
    (tree as UNode).type === "root" &&
    Array.isArray((tree as { children?: unknown }).children)
  );
}
