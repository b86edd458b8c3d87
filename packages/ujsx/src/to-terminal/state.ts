import { PathStack, UjsxError } from "../errors.ts";
import type { TransformRegistry } from "../registry.ts";
import type { TermLine, TermSpan, TermStyle } from "../terminal-types.ts";
import type { UElement, UNode } from "../types.ts";
import { BREAK, type Inline, wrap } from "./wrap.ts";
import { textWidth } from "./width.ts";

/** Inline content (spans and hard breaks) that the enclosing block wraps. */
export type InlinePiece = { inline: Inline[] };
/** Finished rows; `gap` asks for a blank row before the block when something precedes it. */
export type BlockPiece = { block: TermLine[]; gap?: boolean };
export type TermPiece = InlinePiece | BlockPiece;
export type TerminalResult = TermPiece | TermPiece[] | undefined | null;

/** Converts one ujsx node of a kind to terminal rows or inline spans; `node` is a `UText` for `text`. */
export type ToTerminalHandler<P = Record<string, unknown>> = (
  node: UElement & { props: P },
  state: ToTerminalState,
) => TerminalResult;

/** Where an item sits in its list, set by the list for the item handler. */
export type ItemPlace = { ordered: boolean; number: number };

export interface ToTerminalState {
  readonly registry: TransformRegistry;
  /** Cells available to the block being converted. */
  readonly width: number;
  /** The place of the item being converted (undefined outside a list). */
  readonly item: ItemPlace | undefined;
  /** Every child converted, in order, arrays flattened. */
  all(parent: UElement): TermPiece[];
  /** Children as rows: runs of inline content are wrapped at the width. */
  flow(parent: UElement): TermLine[];
  /** Children as inline content: a block child is an error naming its path. */
  phrasing(parent: UElement): Inline[];
  /** Run `render` with the width reduced by the prefix; the first row gets `first`, the others `rest`. */
  indent(first: TermSpan, rest: TermSpan, render: () => TermLine[]): TermLine[];
  /** Convert one child as an item of a list. */
  listItem(child: UNode, index: number, place: ItemPlace): TermPiece[];
  /** Wrap inline content at the current width. */
  wrap(inline: readonly Inline[]): TermLine[];
  fail(message: string): never;
}

/** A style applied over every span of some inline content (strong inside a link stays bold and a link). */
export function styled(inline: Inline[], style: TermStyle): Inline[] {
  return inline.map((piece) => ("break" in piece ? piece : { text: piece.text, style: { ...piece.style, ...style } }));
}

export class ToTerminalContext implements ToTerminalState {
  readonly path = new PathStack();
  item: ItemPlace | undefined;
  constructor(
    readonly registry: TransformRegistry,
    public width: number,
  ) {}

  one(node: UNode, index: number): TermPiece[] {
    this.path.push(node.type, index);
    const kind = this.registry.kind(node.type);
    const handler =
      (kind && this.registry.toTerminalHandler(kind)) ?? this.registry.unknownHandlers.toTerminal ?? unknownNode;
    const result = handler(node as UElement, this);
    this.path.pop();
    if (result === undefined || result === null) return [];
    return Array.isArray(result) ? result : [result];
  }

  all(parent: UElement): TermPiece[] {
    const out: TermPiece[] = [];
    const { children } = parent;
    const indexed = children.length > 1;
    for (let i = 0; i < children.length; i++) {
      for (const piece of this.one(children[i] as UNode, indexed ? i : -1)) out.push(piece);
    }
    return out;
  }

  flow(parent: UElement): TermLine[] {
    return this.rows(this.all(parent));
  }

  rows(pieces: TermPiece[]): TermLine[] {
    const out: TermLine[] = [];
    let run: Inline[] | undefined;
    const flush = () => {
      if (run !== undefined) for (const line of this.wrap(run)) out.push(line);
      run = undefined;
    };
    for (const piece of pieces) {
      if ("inline" in piece) {
        (run ??= []).push(...piece.inline);
        continue;
      }
      flush();
      if (piece.gap && out.length > 0) out.push([]);
      for (const line of piece.block) out.push(line);
    }
    flush();
    return out;
  }

  phrasing(parent: UElement): Inline[] {
    const out: Inline[] = [];
    for (const piece of this.all(parent)) {
      if (!("inline" in piece)) {
        this.fail(
          `<${parent.type}> takes inline content only (text, strong, emphasis, delete, code, link, break) but a child became rows; move that block out of it`,
        );
      }
      out.push(...piece.inline);
    }
    return out;
  }

  indent(first: TermSpan, rest: TermSpan, render: () => TermLine[]): TermLine[] {
    const cells = Math.max(textWidth(first.text), textWidth(rest.text));
    const saved = this.width;
    this.width = Math.max(2, saved - cells);
    try {
      return render().map((line, i) => [i === 0 ? first : rest, ...line]);
    } finally {
      this.width = saved;
    }
  }

  listItem(child: UNode, index: number, place: ItemPlace): TermPiece[] {
    const saved = this.item;
    this.item = place;
    try {
      return this.one(child, index);
    } finally {
      this.item = saved;
    }
  }

  wrap(inline: readonly Inline[]): TermLine[] {
    return wrap(inline, this.width);
  }

  fail(message: string): never {
    const where = this.path.toString();
    throw new UjsxError(`${message} (at ${where})`, where);
  }
}

export { BREAK };

function unknownNode(node: UElement, state: ToTerminalState): never {
  return state.fail(`No ujsx→terminal rule for <${node.type}>; add one with registry.register(kind, { toTerminal })`);
}
