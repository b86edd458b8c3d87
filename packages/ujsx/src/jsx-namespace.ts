import type { Static } from "@sinclair/typebox";
import type { IntrinsicAliases, IntrinsicKinds } from "./nodes/index.ts";
import type { Child, Key, UJsxElement } from "./types.ts";

type Kinds = IntrinsicKinds & IntrinsicAliases;
type IntrinsicProps = {
  [K in keyof Kinds]: Static<Kinds[K]["schema"]> & {
    key?: Key;
    children?: Kinds[K]["leaf"] extends true ? never : Child;
  };
};

/**
 * The JSX types, exported from the runtime modules rather than declared globally so they never clash
 * with React's. Add your own kinds by merging into `IntrinsicElements`:
 * `declare module "@agent-hud/ujsx/jsx-runtime" { namespace JSX { interface IntrinsicElements { badge: { tone: string } } } }`.
 */
export declare namespace JSX {
  type Element = UJsxElement<any>;
  /** Components may return any child (strings, arrays, null), not only elements. */
  type ElementType = string | ((props: any) => Child);
  interface ElementChildrenAttribute {
    children: {};
  }
  interface IntrinsicAttributes {
    key?: Key;
  }
  interface IntrinsicElements extends IntrinsicProps {}
}
