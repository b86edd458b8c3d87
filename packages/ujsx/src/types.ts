import type { TSchema } from "@sinclair/typebox";

/** A resolved text leaf. */
export type UText = { type: "text"; value: string };

/** A resolved element of an intrinsic (or registered) node kind. */
export type UElement = {
  type: string;
  props: Record<string, unknown>;
  children: UNode[];
  key?: string | number;
};

/** The resolved tree: plain, JSON-serialisable objects. */
export type UNode = UElement | UText;

export type Key = string | number;

/** Brand that tells an unresolved JSX element from a resolved node or user data. */
export const UJSX_ELEMENT: unique symbol = Symbol.for("agent-hud.ujsx.element");

/** What JSX and `h()` produce; `resolve()` turns it into a `UElement`. */
export interface UJsxElement<P = Record<string, unknown>> {
  readonly $$typeof: typeof UJSX_ELEMENT;
  readonly type: string | Component<any>;
  /** The props as written, children included: components receive this object as is. */
  readonly props: P & { children?: Child };
  readonly children: Child;
  readonly key?: Key;
}

export type Child = UJsxElement<any> | UNode | string | number | boolean | null | undefined | readonly Child[];

// `{}` is the natural default for "no props" in a component signature.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type Component<P = {}> = ((props: P & { children?: Child }) => Child) & {
  displayName?: string;
};

/** A node kind: its tag name and the TypeBox schema of its props (the schema is the type and the validator). */
export interface NodeKind<S extends TSchema = TSchema, L extends boolean = boolean> {
  readonly name: string;
  readonly schema: S;
  /** Leaf kinds (text, code, rule, …) take no children. */
  readonly leaf: L;
}
