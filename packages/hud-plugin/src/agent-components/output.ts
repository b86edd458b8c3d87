import { h, intrinsicAliases, intrinsicKinds, resolve, type Child } from "@agent-hud/ujsx/core";
import { limits } from "./limits.ts";

type Kinds = Record<string, { name: string; leaf: boolean } | undefined>;
// an older tag (`codeblock`) still names its kind, so a component defined before the rename keeps working
const kinds = { ...intrinsicKinds, ...intrinsicAliases } as unknown as Kinds;

/** Kinds a component may return: every intrinsic block and span except the tree's own root and bare text. */
const allowed = Object.keys(intrinsicKinds).filter((name) => name !== "root" && name !== "text");

class Invalid extends Error {}

/** The HUD's title is a level-3 heading; a component's headings stay below it, so none reads as a new HUD part. */
const MIN_HEADING = 4;

/**
 * The sandbox's JSON as elements for the HUD, or a thrown one-line reason. Checked here, on the host, as
 * untrusted data: the shape of every node, the kind against ujsx's intrinsic kinds, nesting, node count,
 * and then each element's props against its TypeBox schema (ujsx `resolve` in dev mode).
 */
export function toElements(json: string, name: string): Child[] {
  const key = `${name}\0${json}`;
  const known = checked.get(key);
  if (known) return known;
  const elements = check(json, name);
  if (checked.size >= KEEP_CHECKED) checked.delete(checked.keys().next().value!);
  checked.set(key, elements);
  return elements;
}

/**
 * Outputs already checked, by name and JSON: a new state whose render came out the same (a note added, the
 * component shows steps) gives back the same elements, so the HUD's custom-section memo (by output identity)
 * skips validating, serialising and counting them again. Elements are never mutated once built.
 */
const checked = new Map<string, Child[]>();
const KEEP_CHECKED = 64;

function check(json: string, name: string): Child[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new Invalid("its output is not JSON");
  }
  if (!Array.isArray(data)) throw new Invalid("its output is not a list of nodes");
  const count = { nodes: 0 };
  const elements = data.map((node, i) => element(node, 1, count, `${name}[${i}]`));
  // ujsx's schemas decide the props: a bad prop throws a UjsxError naming the element and its path
  resolve(elements, { mode: "dev", path: name });
  return elements;
}

function element(node: unknown, depth: number, count: { nodes: number }, path: string): Child {
  if (++count.nodes > limits.nodes) throw new Invalid(`its output has more than ${limits.nodes} nodes`);
  if (depth > limits.depth) throw new Invalid(`its output is nested deeper than ${limits.depth} elements`);
  if (node === null || typeof node !== "object" || Array.isArray(node)) throw new Invalid(`${path} is not a node`);
  const { type, props, children, value } = node as Record<string, unknown>;
  if (type === "text") {
    if (typeof value !== "string") throw new Invalid(`${path} is a text without a string value`);
    return value;
  }
  const kind = typeof type === "string" && Object.hasOwn(kinds, type) ? kinds[type] : undefined;
  if (!kind || type === "root")
    throw new Invalid(
      `<${String(type).slice(0, 40)}> at ${path} is not an element kind; expected one of ${allowed.join(", ")}`,
    );
  if (props === null || typeof props !== "object" || Array.isArray(props))
    throw new Invalid(`${path} has props that are not an object`);
  if (!Array.isArray(children)) throw new Invalid(`${path} has children that are not a list`);
  if (kind.leaf && children.length)
    throw new Invalid(`<${kind.name}> at ${path} takes no children; put its content in props, e.g. value="…"`);
  if (kind.name === "heading" && !(((props as { depth?: unknown }).depth as number) >= MIN_HEADING))
    throw new Invalid(`<heading> at ${path} needs depth ${MIN_HEADING}-6: the HUD's own headings are above it`);
  const inner = children.map((child, i) => element(child, depth + 1, count, `${path} > ${kind.name}[${i}]`));
  return h(kind.name, { ...(props as Record<string, unknown>) }, ...inner);
}
