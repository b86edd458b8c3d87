import type { Nodes, Parents } from "mdast";
import { PathStack, UjsxError } from "../errors.ts";
import type { TransformRegistry } from "../registry.ts";
import type { UElement, UNode, UText } from "../types.ts";

export type UjsxResult = UNode | UNode[] | undefined | null;

/** Converts one mdast node (of the type it is registered under) to ujsx. */
export type FromMdastHandler = (node: any, state: FromMdastState) => UjsxResult;

export interface FromMdastState {
  readonly registry: TransformRegistry;
  /** Every child converted, in order; adjacent text merged. */
  all(parent: Parents): UNode[];
  /** An element with the children of `parent` converted. */
  element(type: string, props: Record<string, unknown>, parent?: Parents): UElement;
  fail(message: string): never;
}

export class FromMdastContext implements FromMdastState {
  readonly path = new PathStack();
  constructor(readonly registry: TransformRegistry) {}

  one(node: Nodes, index: number): UjsxResult {
    this.path.push(node.type, index);
    const handler = this.registry.fromMdastHandler(node.type) ?? this.registry.unknownHandlers.fromMdast ?? unknownNode;
    const result = handler(node, this);
    this.path.pop();
    return result;
  }

  all(parent: Parents): UNode[] {
    const out: UNode[] = [];
    const { children } = parent;
    const indexed = children.length > 1;
    for (let i = 0; i < children.length; i++) {
      const result = this.one(children[i] as Nodes, indexed ? i : -1);
      if (result === undefined || result === null) continue;
      if (Array.isArray(result)) for (const node of result) push(out, node);
      else push(out, result);
    }
    return out;
  }

  element(type: string, props: Record<string, unknown>, parent?: Parents): UElement {
    return { type, props, children: parent ? this.all(parent) : [] };
  }

  fail(message: string): never {
    const where = this.path.toString();
    throw new UjsxError(`${message} (at ${where})`, where);
  }
}

function push(out: UNode[], node: UNode): void {
  const last = out[out.length - 1];
  if (node.type === "text" && last?.type === "text") {
    out[out.length - 1] = { type: "text", value: (last as UText).value + (node as UText).value };
  } else {
    out.push(node);
  }
}

function unknownNode(node: Nodes, state: FromMdastState): never {
  return state.fail(
    `No mdast→ujsx rule for mdast ${node.type}; add one with registry.register(kind, { fromMdast: { ${node.type}: handler } })`,
  );
}
