// The slice of opencode's TUI runtime (Solid on OpenTUI) that agent-hud's .tsx files use, declared here
// because opencode ships these packages inside its binary and they cannot be installed beside it. Checked
// against what opencode 1.18.33's TUI renders; `tsc -p tsconfig.tui.json` type-checks tui/ with them.
declare module "@opentui/solid/jsx-runtime" {
  export namespace JSX {
    type Element = unknown;
    interface ElementChildrenAttribute {
      children: {};
    }
    interface IntrinsicElements {
      box: {
        flexDirection?: "row" | "column";
        paddingLeft?: number;
        paddingRight?: number;
        paddingBottom?: number;
        children?: unknown;
      };
      text: { fg?: unknown; children?: unknown };
      span: { style?: { fg?: unknown; attributes?: number }; children?: unknown };
    }
  }
  export function jsx(type: unknown, props: unknown, key?: unknown): JSX.Element;
  export const jsxs: typeof jsx;
  export const Fragment: unknown;
}

declare module "solid-js" {
  export function createSignal<T>(value: T): [() => T, (value: T) => void];
  export function createMemo<T>(compute: () => T): () => T;
  export function For<T>(props: { each: readonly T[]; children: (item: T) => unknown }): unknown;
}
