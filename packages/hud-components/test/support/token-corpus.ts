// The text a token count is judged on: HUDs (the example state and the reference state, rendered at every
// density, within the default budgets and uncut), the README's and docs' prose, and source code, in pieces of
// the size a HUD part or section has.
import { getTokenizer } from "@anthropic-ai/tokenizer";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { densities, renderHud, type Tokenizer } from "../../src/index.ts";
import { contextAt } from "../../src/internal.ts";
import { referenceView, usageFor, viewFromJson } from "../../src/testing/index.ts";

export type Sample = { kind: "hud" | "prose" | "code"; name: string; text: string };

const ROOT = join(import.meta.dir, "../../../..");

/** Text cut at blank lines into pieces of about `size` characters. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const block of text.split(/\n\n+/)) {
    if (current && current.length + block.length > size) {
      out.push(current);
      current = "";
    }
    current = current ? `${current}\n\n${block}` : block;
  }
  if (current.trim()) out.push(current);
  return out;
}

function huds(tokenizer: Tokenizer): Sample[] {
  const example = viewFromJson(JSON.parse(readFileSync(join(ROOT, "examples/states/mid-task.json"), "utf8")));
  const views = [
    { name: "mid-task", view: example.view, now: example.now },
    { name: "reference", view: referenceView(), now: undefined },
  ];
  const out: Sample[] = [];
  for (const { name, view, now } of views) {
    for (const density of densities) {
      for (const cut of [true, false]) {
        const options = {
          tokenizer,
          ...(now !== undefined ? { now } : {}),
          ...(cut ? {} : { budgets: { [density]: 1e6 } }),
        };
        const context = contextAt(usageFor[density]);
        context.density = density;
        const { markdown } = renderHud(view, context, options);
        out.push({ kind: "hud", name: `${name} ${density}${cut ? "" : " uncut"}`, text: markdown });
      }
    }
  }
  return out;
}

/** Every sample; HUDs are rendered with `tokenizer` (it decides where a budget cuts, not the words). */
export function tokenCorpus(tokenizer: Tokenizer): Sample[] {
  const prose = ["README.md", ...readdirSync(join(ROOT, "docs")).map((f) => `docs/${f}`)].flatMap((file) =>
    pieces(readFileSync(join(ROOT, file), "utf8"), 3000).map((text, i) => ({
      kind: "prose" as const,
      name: `${file} #${i}`,
      text,
    })),
  );
  const codeFiles = [
    "packages/hud-components/src/budget/part-cache.ts",
    "packages/hud-components/src/render/render-hud.ts",
    "packages/hud-plugin/src/cache-ledger/attribute.ts",
    "packages/hud-plugin/src/host/claude-code/emission.ts",
    "packages/ujsx/src/index.ts",
  ];
  const code = codeFiles.flatMap((file) =>
    pieces(readFileSync(join(ROOT, file), "utf8"), 3000).map((text, i) => ({
      kind: "code" as const,
      name: `${file} #${i}`,
      text,
    })),
  );
  return [...huds(tokenizer), ...prose, ...code];
}

/**
 * Anthropic's published Claude tokenizer, built once (its `countTokens` builds it per call): the closest
 * public stand-in for a Claude model's own count, which only the provider's API reports.
 */
export function claudeCounter(): (text: string) => number {
  const tokenizer = getTokenizer();
  return (text) => tokenizer.encode(text.normalize("NFKC"), "all").length;
}
