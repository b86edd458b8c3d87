import type { BlockContent, DefinitionContent, Nodes, PhrasingContent, Root } from "mdast";

export type FlowContent = BlockContent | DefinitionContent;
import { u } from "unist-builder";
import { PathStack, UjsxError } from "../errors.ts";
import type { TransformRegistry } from "../registry.ts";
import type { UElement, UNode } from "../types.ts";

export type MdastResult = Nodes | Nodes[] | undefined | null;

/** Converts one ujsx node of a kind to mdast; `node` is a `UText` for the `text` kind. */
export type ToMdastHandler<P = Record<string, unknown>> = (
  node: UElement & { props: P },
  state: ToMdastState,
) => MdastResult;

export interface ToMdastState {
  readonly registry: TransformRegistry;
  /** Every child converted, in order, arrays flattened. */
  all(parent: UElement): Nodes[];
  /** Children in a block context: runs of inline content become paragraphs. */
  flow(parent: UElement): FlowContent[];
  /** Children in an inline context: block content is an error naming its path. */
  phrasing(parent: UElement): PhrasingContent[];
  /** Throw a `UjsxError` about the node being converted, with its path. */
  fail(message: string): never;
}

// mdast types that are inline (phrasing) content; anything else is treated as a block.
const PHRASING = new Set([
  "text",
  "emphasis",
  "strong",
  "delete",
  "inlineCode",
  "link",
  "linkReference",
  "image",
  "imageReference",
  "break",
  "footnoteReference",
  "inlineMath",
]);

export function isPhrasing(node: Nodes): node is PhrasingContent {
  return PHRASING.has(node.type);
}

export class ToMdastContext implements ToMdastState {
  readonly path = new PathStack();
  constructor(readonly registry: TransformRegistry) {}

  one(node: UNode, index: number): MdastResult {
    this.path.push(node.type, index);
    const kind = this.registry.kind(node.type);
    const handler =
      (kind && this.registry.toMdastHandler(kind)) ?? this.registry.unknownHandlers.toMdast ?? unknownNode;
    const result = handler(node as UElement, this);
    this.path.pop();
    return result;
  }

  all(parent: UElement): Nodes[] {
    const out: Nodes[] = [];
    const { children } = parent;
    const indexed = children.length > 1;
    for (let i = 0; i < children.length; i++) {
      const result = this.one(children[i] as UNode, indexed ? i : -1);
      if (result === undefined || result === null) continue;
      if (Array.isArray(result)) for (const node of result) out.push(node);
      else out.push(result);
    }
    return out;
  }

  flow(parent: UElement): FlowContent[] {
    return groupFlow(this.all(parent));
  }

  phrasing(parent: UElement): PhrasingContent[] {
    const nodes = this.all(parent);
    for (const node of nodes) {
      if (!isPhrasing(node)) {
        // `<code>` meant inline code before the tags took mdast's names: say so to a tree written then
        const hint = node.type === "code" ? " (<code> is a code block; inline code is <inlineCode>)" : "";
        this.fail(
          `<${parent.type}> takes inline content only (text, strong, emphasis, delete, inlineCode, link, break) but a child became mdast ${node.type}${hint}; move that block out of it`,
        );
      }
    }
    return nodes as PhrasingContent[];
  }

  fail(message: string): never {
    const where = this.path.toString();
    throw new UjsxError(`${message} (at ${where})`, where);
  }

  root(node: UNode): Root {
    const top: UElement = node.type === "root" ? (node as UElement) : { type: "root", props: {}, children: [node] };
    const result = this.one(top, -1);
    if (result && !Array.isArray(result) && result.type === "root") return result;
    // A replaced root rule returned loose content: give it the same block treatment as children.
    return u(
      "root",
      groupFlow(result === undefined || result === null ? [] : Array.isArray(result) ? result : [result]),
    );
  }
}

/** Runs of inline content become paragraphs; blocks pass through. */
function groupFlow(nodes: Nodes[]): FlowContent[] {
  const out: FlowContent[] = [];
  let run: PhrasingContent[] | undefined;
  for (const node of nodes) {
    if (isPhrasing(node)) {
      (run ??= []).push(node);
      continue;
    }
    if (run !== undefined) {
      out.push(u("paragraph", run));
      run = undefined;
    }
    out.push(node as FlowContent);
  }
  if (run !== undefined) out.push(u("paragraph", run));
  return out;
}

function unknownNode(node: UElement, state: ToMdastState): never {
  return state.fail(
    `No ujsx→mdast rule for <${node.type}>; define it with defineNode("${node.type}", schema) and add it with registry.register(kind, { toMdast })`,
  );
}
