#!/usr/bin/env bun
// Preview a HUD state file at each density with its token count. The only file of this package that
// touches the disk or the process; the library itself stays pure.
import { readFileSync } from "node:fs";
import {
  defaultBudgets,
  densities,
  makeContextInfo,
  renderHud,
  type Density,
  type RenderOptions,
} from "@agent-hud/hud-components";

const USAGE = "usage: hud-preview <state.json> [--density full|compact|minimal | --all] [--budget n] [--usage pct]";

type Args = { file: string; densities: Density[] | undefined; budget?: number; usage?: number };

function fail(message: string): never {
  process.stderr.write(`hud-preview: ${message}\n`);
  process.exit(1);
}

function number(flag: string, raw: string | undefined, min: number, max: number): number {
  const value = Number(raw);
  if (raw === undefined || raw.trim() === "" || !Number.isFinite(value) || value < min || value > max) {
    fail(`${flag} expects a number from ${min} to ${max}, got ${raw === undefined ? "nothing" : `"${raw}"`}; ${USAGE}`);
  }
  return value;
}

export function parseArgs(argv: string[]): Args {
  let file: string | undefined;
  let chosen: Density[] | undefined;
  let budget: number | undefined;
  let usage: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--all") chosen = [...densities];
    else if (arg === "--density") {
      const d = argv[++i];
      if (!densities.includes(d as Density)) fail(`--density expects full, compact or minimal, got "${d ?? ""}"`);
      chosen = [d as Density];
    } else if (arg === "--budget") budget = number("--budget", argv[++i], 0, 1_000_000);
    else if (arg === "--usage") usage = number("--usage", argv[++i], 0, 1000);
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg.startsWith("-")) fail(`unknown option "${arg}"; ${USAGE}`);
    else if (file) fail(`one state file expected, got "${file}" and "${arg}"; ${USAGE}`);
    else file = arg;
  }
  if (!file) fail(`missing state file; ${USAGE}`);
  return {
    file,
    densities: chosen,
    ...(budget !== undefined ? { budget } : {}),
    ...(usage !== undefined ? { usage } : {}),
  };
}

/** The file's JSON; bad arguments and an unreadable file fail before the state's validator loads. */
function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    fail(`cannot read ${file}: ${code === "ENOENT" ? "no such file" : (code ?? String(error))}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const json = readJson(args.file);
  // loaded here, not at the top: the testing entry (the state's validator) is most of a start's CPU
  const { usageFor, viewFromJson } = await import("@agent-hud/hud-components/testing");
  let loaded: ReturnType<typeof viewFromJson>;
  try {
    loaded = viewFromJson(json);
  } catch (error) {
    fail(`${args.file}: ${(error as Error).message}`);
  }
  const { view, usage: fileUsage, now } = loaded;
  const usableTokens = 200_000;
  // Without --density/--all, a usage (flag or file) picks one density; otherwise show all three.
  const pct = args.usage ?? (args.densities ? undefined : fileUsage);
  const plan: Array<{ density?: Density; pct: number }> =
    args.densities?.map((d) => ({ density: d, pct: args.usage ?? usageFor[d] })) ??
    (pct !== undefined ? [{ pct }] : densities.map((d) => ({ density: d, pct: usageFor[d] })));
  for (const { density, pct: percent } of plan) {
    const context = makeContextInfo({ usedTokens: Math.round((percent / 100) * usableTokens), usableTokens });
    if (density) context.density = density;
    const options: RenderOptions = { ...(now !== undefined ? { now } : {}) };
    if (args.budget !== undefined) options.budgets = { [context.density]: args.budget };
    const result = renderHud(view, context, options);
    const omitted = Object.entries(result.omitted)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    const budget = args.budget ?? defaultBudgets[context.density];
    process.stdout.write(
      `── ${result.density} · ${result.tokens} tokens (budget ${budget}) · usage ${context.percent}%${omitted ? ` · not shown: ${omitted}` : ""} ──\n${result.markdown}\n`,
    );
  }
}

if (import.meta.main) await main();
