import { describe, expect, test } from "bun:test";
import { terminalText, textWidth, toTerminal } from "../src/index.ts";
import { hostile, Hud, realistic } from "./fixtures/hud-document.tsx";
import { expectGolden } from "./support/golden.ts";

// The text plus one letter per span for its style, so a golden also pins bold, roles and markers.
function annotated(width: number, sample: typeof realistic): string {
  const lines = toTerminal(<Hud sample={sample} />, { width });
  const styles = lines.map((line) =>
    line
      .map((span) => {
        const s = span.style;
        const tag = `${s.role ?? ""}${s.bold ? "+b" : ""}${s.italic ? "+i" : ""}${s.strike ? "+s" : ""}` || "-";
        return `[${tag}]${span.text}`;
      })
      .join(""),
  );
  return `${terminalText(lines)}\n\n--- spans ---\n${styles.join("\n")}\n`;
}

describe("golden terminal renders", () => {
  for (const width of [40, 24]) {
    test(`a realistic HUD document at ${width} columns`, () => {
      expectGolden(`terminal/realistic-${width}.txt`, annotated(width, realistic));
    });
  }

  test("the same document filled with hostile agent text, at 40 columns", () => {
    expectGolden("terminal/hostile-40.txt", annotated(40, hostile));
  });

  test("no row of either document is wider than the sidebar", () => {
    for (const sample of [realistic, hostile]) {
      for (const line of toTerminal(<Hud sample={sample} />, { width: 40 })) {
        expect(textWidth(line.map((s) => s.text).join(""))).toBeLessThanOrEqual(40);
      }
    }
  });
});
