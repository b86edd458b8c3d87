import type { Static, TSchema } from "@sinclair/typebox";
import type { FromMdastHandler } from "./from-mdast/state.ts";
import type { ToMdastHandler } from "./to-mdast/state.ts";
import type { ToTerminalHandler } from "./to-terminal/state.ts";
import type { NodeKind } from "./types.ts";

/** How one node kind converts, in either direction. */
export type TransformRule<P = Record<string, unknown>> = {
  /** ujsx → mdast for elements of this kind. */
  toMdast?: ToMdastHandler<P>;
  /** ujsx → terminal rows for elements of this kind. */
  toTerminal?: ToTerminalHandler<P>;
  /** mdast → ujsx, keyed by the mdast node type this kind is read back from (e.g. `{ heading: … }`). */
  fromMdast?: Record<string, FromMdastHandler>;
};

export type UnknownHandlers = {
  toMdast?: ToMdastHandler<Record<string, unknown>>;
  toTerminal?: ToTerminalHandler<Record<string, unknown>>;
  fromMdast?: FromMdastHandler;
};

/**
 * Conversion rules keyed by node kind (the schema object, not its tag), in the spirit of
 * mdast-util-to-markdown's `handlers`/`unsafe` configuration: start from `createRegistry()` (the
 * defaults), then `register` your kinds or override a default with one call.
 */
export class TransformRegistry {
  readonly #kinds = new Map<string, NodeKind>();
  readonly #toMdast = new Map<NodeKind, ToMdastHandler<any>>();
  readonly #fromMdast = new Map<string, FromMdastHandler>();
  readonly #toTerminal = new Map<NodeKind, ToTerminalHandler<any>>();
  #unknown: UnknownHandlers = {};

  /** Add a kind (or replace the kind with the same tag) together with its rules. */
  register<S extends TSchema>(kind: NodeKind<S>, rule: TransformRule<Static<S>> = {}): this {
    const previous = this.#kinds.get(kind.name);
    if (previous !== undefined && previous !== kind) {
      this.#toMdast.delete(previous);
      this.#toTerminal.delete(previous);
    }
    this.#kinds.set(kind.name, kind);
    if (rule.toMdast) this.#toMdast.set(kind, rule.toMdast);
    if (rule.toTerminal) this.#toTerminal.set(kind, rule.toTerminal);
    if (rule.fromMdast) {
      for (const [type, handler] of Object.entries(rule.fromMdast)) this.#fromMdast.set(type, handler);
    }
    return this;
  }

  /** Read `tag` as the registered `kind`: an element written with it resolves to the kind's own tag. */
  alias(tag: string, kind: NodeKind): this {
    if (this.#kinds.get(kind.name) !== kind)
      throw new Error(`alias <${tag}>: register <${kind.name}> before naming an alias of it`);
    this.#kinds.set(tag, kind);
    return this;
  }

  /** Replace the handlers for nodes no rule covers (the defaults throw, naming the node and its path). */
  unknown(handlers: UnknownHandlers): this {
    this.#unknown = { ...this.#unknown, ...handlers };
    return this;
  }

  /** The kind registered under a JSX tag. */
  kind(name: string): NodeKind | undefined {
    return this.#kinds.get(name);
  }

  kinds(): IterableIterator<NodeKind> {
    return new Set(this.#kinds.values()).values();
  }

  toMdastHandler(kind: NodeKind): ToMdastHandler<any> | undefined {
    return this.#toMdast.get(kind);
  }

  toTerminalHandler(kind: NodeKind): ToTerminalHandler<any> | undefined {
    return this.#toTerminal.get(kind);
  }

  fromMdastHandler(mdastType: string): FromMdastHandler | undefined {
    return this.#fromMdast.get(mdastType);
  }

  get unknownHandlers(): Readonly<UnknownHandlers> {
    return this.#unknown;
  }

  /** An independent copy, so extending it never changes the registry it came from. */
  clone(): TransformRegistry {
    const copy = new TransformRegistry();
    for (const [name, kind] of this.#kinds) copy.#kinds.set(name, kind);
    for (const [kind, handler] of this.#toMdast) copy.#toMdast.set(kind, handler);
    for (const [type, handler] of this.#fromMdast) copy.#fromMdast.set(type, handler);
    for (const [kind, handler] of this.#toTerminal) copy.#toTerminal.set(kind, handler);
    copy.#unknown = { ...this.#unknown };
    return copy;
  }
}
