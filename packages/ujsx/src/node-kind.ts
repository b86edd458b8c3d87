import type { TSchema } from "@sinclair/typebox";
import type { NodeKind } from "./types.ts";

const TAG = /^[a-z][a-zA-Z0-9_-]*$/;

/**
 * Define a node kind. Intrinsic kinds use this too, so a user kind is a first-class citizen:
 * register it with a `TransformRegistry` and it validates and renders like `heading`.
 */
export function defineNode<S extends TSchema, L extends boolean = false>(
  name: string,
  propsSchema: S,
  options: { leaf?: L } = {},
): NodeKind<S, L> {
  if (!TAG.test(name)) {
    throw new Error(
      `defineNode: invalid node name ${JSON.stringify(name)}; expected a lower-case JSX tag like "badge" or "status-line"`,
    );
  }
  return Object.freeze({ name, schema: propsSchema, leaf: (options.leaf === true) as L });
}

/**
 * `defineNode` for the intrinsic kinds, its schema built on first read: a trusted render (the package's own
 * trees over a validated state) never reads one, so a process that lives for one such render (a host's hook)
 * never builds the nineteen. The same schema object on every read.
 */
export function defineLazyNode<S extends TSchema, L extends boolean = false>(
  name: string,
  buildSchema: () => S,
  options: { leaf?: L } = {},
): NodeKind<S, L> {
  const { leaf } = defineNode(name, {} as S, options);
  let schema: S | undefined;
  return Object.freeze({
    name,
    get schema(): S {
      return (schema ??= buildSchema());
    },
    leaf,
  });
}
