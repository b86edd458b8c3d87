import { configLayers, type ConfigLayer } from "./files.ts";
import { parseConfig, validOptions, type ConfigProblem, type ParsedConfig } from "./parse.ts";
import { ignoredLine, limitProjectLayer } from "./user-only.ts";

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Objects merge key by key (a later layer refines a nested option); anything else replaces. */
function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(over))
    out[key] = isObject(value) && isObject(out[key]) ? merge(out[key] as Record<string, unknown>, value) : value;
  return out;
}

/**
 * Merges the layers in order (global file, project file, the plugin entry's options). Each layer is
 * validated on its own: a bad option is reported with its file and left out, so that option alone falls
 * back to the layer below (or the default) while everything else still applies.
 */
export function mergeLayers(layers: ConfigLayer[]): ParsedConfig {
  const problems: ConfigProblem[] = [];
  let merged: Record<string, unknown> = {};
  for (const layer of layers) {
    if (layer.error) {
      problems.push({ path: "(file)", message: `agent-hud: ${layer.source} ${layer.error}; ignoring that file` });
      continue;
    }
    if (layer.options === undefined || layer.options === null) continue;
    if (!isObject(layer.options)) {
      problems.push(
        ...parseConfig(layer.options).problems.map((p) => ({ ...p, message: `${p.message} (${layer.source})` })),
      );
      continue;
    }
    const { options, problems: own } = validOptions(layer.options);
    problems.push(...own.map((p) => ({ ...p, message: `${p.message} (${layer.source})` })));
    const limited = layer.project ? limitProjectLayer(options, merged) : { options, ignored: [] };
    if (limited.ignored.length > 0)
      problems.push({ path: limited.ignored[0]!, message: ignoredLine(layer.source, limited.ignored) });
    merged = merge(merged, limited.options);
  }
  const parsed = parseConfig(merged);
  return { config: parsed.config, problems: [...problems, ...parsed.problems] };
}

/** The plugin's configuration for a project directory: files first, then the `plugin` entry's options. */
export function loadConfig(
  directory: string,
  entryOptions: unknown,
  env?: Record<string, string | undefined>,
): ParsedConfig {
  const layers = configLayers(directory, env).filter((layer): layer is ConfigLayer => layer !== undefined);
  const globals = layers.filter((layer) => !layer.project);
  const parsed = mergeLayers([...layers, { source: "the plugin entry in opencode.json", options: entryOptions }]);
  // only the global files speak for every project; this project's file and entry speak for it alone
  const others = mergeLayers(globals).config.retentionDays;
  if (others !== parsed.config.retentionDays) parsed.config.othersRetentionDays = others;
  return parsed;
}
