import { Errors, type ValueError } from "@sinclair/typebox/errors";
import { Check } from "@sinclair/typebox/value";
import { compilePatterns } from "../privacy/user-patterns.ts";
import { checkStorageDir } from "./storage-dir.ts";
import { HudOptions, defaultConfig, type HudConfig } from "./schema.ts";

export type ConfigProblem = { path: string; message: string };

export type ParsedConfig = { config: HudConfig; problems: ConfigProblem[] };

function describe(error: ValueError): ConfigProblem {
  const path = error.path === "" ? "(options)" : error.path.slice(1).replaceAll("/", ".");
  const expected = expectedShape(error);
  return { path, message: `agent-hud option ${path}: ${error.message}${expected ? `; expected ${expected}` : ""}` };
}

function expectedShape(error: ValueError): string {
  const schema = error.schema as {
    anyOf?: Array<{ const?: unknown }>;
    type?: string;
    minimum?: number;
    maximum?: number;
  };
  if (schema.anyOf?.every((s) => s.const !== undefined))
    return schema.anyOf.map((s) => JSON.stringify(s.const)).join(" | ");
  if (schema.type === "number" || schema.type === "integer") {
    const range = [schema.minimum, schema.maximum].every((n) => n !== undefined)
      ? ` in ${schema.minimum}..${schema.maximum}`
      : "";
    return `${schema.type}${range}`;
  }
  if (error.path.split("/").length === 2 && !(error.path.slice(1) in HudOptions.properties))
    return `one of ${Object.keys(HudOptions.properties).join(", ")}`;
  return schema.type ?? "";
}

// A union failure also reports its members' failures; one line per option path is enough.
function firstPerPath(problems: ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.path) && seen.add(p.path));
}

/** The options of `raw` that pass the schema, and one problem per failing path (its key is left out). */
export function validOptions(raw: Record<string, unknown>): { options: HudOptions; problems: ConfigProblem[] } {
  // the check is the start-up path; listing errors walks the whole schema and is needed only when it fails
  const problems = Check(HudOptions, raw) ? [] : firstPerPath([...Errors(HudOptions, raw)].map(describe));
  const badKeys = new Set(problems.map((p) => p.path.split(".")[0]));
  const options = Object.fromEntries(
    Object.entries(raw).filter(([key]) => !badKeys.has(key) && key in HudOptions.properties),
  ) as HudOptions;
  return { options, problems };
}

/**
 * Validates the plugin options. A key that fails validation falls back to its default (the rest of the
 * options still apply); the caller logs each problem once.
 */
export function parseConfig(raw: unknown): ParsedConfig {
  if (raw === undefined || raw === null) return { config: defaultConfig, problems: [] };
  if (typeof raw !== "object" || Array.isArray(raw))
    return {
      config: defaultConfig,
      problems: [
        {
          path: "(options)",
          message: `agent-hud options must be an object like {"placement":"tail"}, got ${JSON.stringify(raw)}; using defaults`,
        },
      ],
    };
  const { options: good, problems } = validOptions(raw as Record<string, unknown>);
  const config: HudConfig = {
    enabled: good.enabled ?? defaultConfig.enabled,
    placement: good.placement ?? defaultConfig.placement,
    tokenizer: good.tokenizer ?? defaultConfig.tokenizer,
    thresholds: { ...defaultConfig.thresholds, ...good.thresholds },
    budgets: { ...good.budgets },
    caps: { ...good.caps },
    sections: { ...good.sections },
    compactMinPercent: good.compactMinPercent ?? defaultConfig.compactMinPercent,
    compaction: good.compaction ?? defaultConfig.compaction,
    memoryFile: { ...defaultConfig.memoryFile, ...good.memoryFile },
    retentionDays: good.retentionDays ?? defaultConfig.retentionDays,
    privacy: { ...defaultConfig.privacy, ...good.privacy },
    recall: { ...defaultConfig.recall, ...good.recall },
    agentComponents: { ...defaultConfig.agentComponents, ...good.agentComponents },
    cacheLedger: { ...defaultConfig.cacheLedger, ...good.cacheLedger },
  };
  if (good.storageDir) {
    const checked = checkStorageDir(good.storageDir);
    if ("dir" in checked) config.storageDir = checked.dir;
    else problems.push({ path: "storageDir", message: checked.problem });
  }
  const t = config.thresholds;
  if (!(t.compact < t.minimal && t.minimal <= t.critical)) {
    problems.push({
      path: "thresholds",
      message: `agent-hud option thresholds: need compact < minimal <= critical, got ${JSON.stringify(t)}; using ${JSON.stringify(defaultConfig.thresholds)}`,
    });
    config.thresholds = defaultConfig.thresholds;
  }
  // a pattern that does not compile is one problem line; the others still apply
  const compiled = compilePatterns(config.privacy.patterns);
  for (const problem of compiled.problems)
    problems.push({
      path: `privacy.patterns.${problem.index}`,
      message: `agent-hud option privacy.patterns[${problem.index}] ${JSON.stringify(config.privacy.patterns[problem.index])}: ${problem.message}; it is left out`,
    });
  config.privacy.patterns = compiled.patterns.map((pattern) => pattern.source);
  return { config, problems };
}
