/** @jsxImportSource @agent-hud/ujsx */
import type { Child, Component } from "@agent-hud/ujsx/core";
import type { Density } from "../density/density.ts";

/** What every list entry component receives: the one thing it shows, and the density. */
export type ListItemProps<T> = { item: T; density: Density };

export type ListSectionProps<T> = {
  title: string;
  items: readonly T[];
  /** Renders one entry; the budget fitter keys a dropped or kept entry by its `item`. */
  Item: Component<ListItemProps<T>>;
  density: Density;
  /** When given, the whole section is this one line (a section's minimal form). */
  line?: Child;
  /** Blocks between the heading and the list. */
  head?: Child;
};

/** A heading, then one entry per item; or, when `line` is given, that line alone. */
export function ListSection<T>({ title, items, Item, density, line, head }: ListSectionProps<T>) {
  if (line !== undefined) {
    return (
      <section>
        <paragraph>{line}</paragraph>
      </section>
    );
  }
  return (
    <section>
      <heading depth={4}>{title}</heading>
      {head}
      {items.length > 0 && (
        <list>
          {items.map((item) => (
            <Item item={item} density={density} />
          ))}
        </list>
      )}
    </section>
  );
}
