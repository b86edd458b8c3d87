import { defaultBudgets, defaultCaps } from "@agent-hud/hud-components";
import { defaultConfig } from "./schema.ts";

type Options = Record<string, unknown>;

const isObject = (v: unknown): v is Options => !!v && typeof v === "object" && !Array.isArray(v);
const section = (options: Options, key: string): Options => (isObject(options[key]) ? options[key] : {});

/**
 * A project's `agent-hud.jsonc` travels with the repository: a clone, a pull or an agent's file write
 * changes it. It may make the plugin stricter for that project, never looser than the person's own
 * settings: where the data lives, whether secrets are redacted, whether the conversation is indexed, how
 * long it is kept, whether agents may run components and how many for how long, whether the memory file is
 * read and shared, the memory a tokenizer table costs, and how many tokens and items the HUD may take of a
 * call are the person's choice, made in the global file
 * (or the plugin entry of their opencode config, which can load any plugin and so is trusted as code).
 * Returns the project's options with those keys taken out, and the names of the keys it set.
 */
export function limitProjectLayer(project: Options, below: Options): { options: Options; ignored: string[] } {
  const options: Options = { ...project };
  const ignored: string[] = [];
  const drop = (path: string, parent: Options, key: string) => {
    delete parent[key];
    ignored.push(path);
  };
  if ("storageDir" in options) drop("storageDir", options, "storageDir");
  if (isObject(options.privacy)) {
    const privacy = (options.privacy = { ...options.privacy });
    if (privacy.redact === false) drop("privacy.redact", privacy, "redact");
    // a project adds patterns; replacing the person's list would stop redacting what they asked for
    if (Array.isArray(privacy.patterns)) {
      const own = section(below, "privacy").patterns;
      privacy.patterns = [...new Set([...(Array.isArray(own) ? own : []), ...privacy.patterns])];
    }
  }
  const switchedOff = (key: string) => section(below, key).enabled === false;
  // the memory file too: switched on, it reads the repository's own text into the agent's prompt
  for (const key of ["recall", "agentComponents", "memoryFile"]) {
    const own = options[key];
    if (isObject(own) && own.enabled === true && switchedOff(key)) {
      options[key] = { ...own };
      drop(`${key}.enabled`, options[key] as Options, "enabled");
    }
  }
  // the sandbox's room (16 MiB per component) and how long a call may wait for it: lowered, never raised
  if (isObject(options.agentComponents)) {
    const agents = (options.agentComponents = { ...options.agentComponents });
    const own = section(below, "agentComponents");
    for (const key of ["maxCount", "budgetMs"] as const) {
      const limit = typeof own[key] === "number" ? own[key] : defaultConfig.agentComponents[key];
      if (typeof agents[key] === "number" && agents[key] > limit) drop(`agentComponents.${key}`, agents, key);
    }
  }
  // what the HUD may spend of every call, in tokens and items: lowered, never raised (the person pays)
  for (const [key, defaults] of [
    ["budgets", defaultBudgets],
    ["caps", defaultCaps],
  ] as const) {
    if (!isObject(options[key])) continue;
    const mine = (options[key] = { ...options[key] });
    const own = section(below, key);
    for (const [name, value] of Object.entries(mine)) {
      const limit = typeof own[name] === "number" ? own[name] : (defaults as Record<string, number>)[name];
      if (typeof value === "number" && typeof limit === "number" && value > limit) drop(`${key}.${name}`, mine, name);
    }
  }
  // kept on this machine by the person; a repository may not have it shared through git
  const git = options.memoryFile;
  if (isObject(git) && git.git === "share" && section(below, "memoryFile").git === "ignore") {
    options.memoryFile = { ...git };
    drop("memoryFile.git", options.memoryFile as Options, "git");
  }
  // ~93 MiB and ~0.5 s in every process that counts a HUD: the person's machine, the person's choice
  if (options.tokenizer === "o200k" && below.tokenizer !== "o200k") drop("tokenizer", options, "tokenizer");
  const limit = typeof below.retentionDays === "number" ? below.retentionDays : defaultConfig.retentionDays;
  if (typeof options.retentionDays === "number" && options.retentionDays > limit)
    drop("retentionDays", options, "retentionDays");
  return { options, ignored };
}

/** The one line shown for a project file's ignored keys. */
export function ignoredLine(source: string, ignored: string[]): string {
  return `agent-hud: ${source} sets ${ignored.join(", ")}, which only your global agent-hud.jsonc may set or loosen; ignored`;
}
