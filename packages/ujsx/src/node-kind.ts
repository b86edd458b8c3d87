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
