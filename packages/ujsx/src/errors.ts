/** Every error ujsx raises: one line naming what was wrong, where (`path`), and the expected shape. */
export class UjsxError extends Error {
  override readonly name = "UjsxError";
  constructor(
    message: string,
    /** Node path like `Hud > NotesSection > list > item[3]`. */
    readonly path: string,
  ) {
    super(message);
  }
}

/**
 * A path kept as two parallel stacks; joined only when an error needs it, so a render that succeeds
 * allocates no path strings.
 */
export class PathStack {
  readonly names: string[] = [];
  readonly indices: number[] = [];
  constructor(readonly prefix = "") {}

  push(name: string, index: number): void {
    this.names.push(name);
    this.indices.push(index);
  }

  pop(): void {
    this.names.pop();
    this.indices.pop();
  }

  toString(): string {
    let out = this.prefix;
    for (let i = 0; i < this.names.length; i++) {
      const index = this.indices[i] ?? -1;
      const label = index >= 0 ? `${this.names[i]}[${index}]` : (this.names[i] ?? "");
      out = out === "" ? label : `${out} > ${label}`;
    }
    return out === "" ? "(top)" : out;
  }
}
