import { sectionNames, type SectionName } from "@agent-hud/hud-components";
import type { Static } from "@sinclair/typebox";
import { SchemaBuilders as Type } from "@agent-hud/hud-components/internal";
import { limits } from "../agent-components/limits.ts";

const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Budget = Type.Integer({ minimum: 40, maximum: 20_000 });
const Cap = Type.Integer({ minimum: 1, maximum: 500 });
const SectionList = Type.Array(Type.Union(sectionNames.map((name) => Type.Literal(name))));

/**
 * Options as written in `agent-hud.jsonc` (global, then project) or the `plugin` entry of opencode.json
 * (`["@agent-hud/hud-plugin", { ...options }]`). Every key is optional.
 */
export const HudOptions = Type.Object(
  {
    /** `false` turns the plugin off (e.g. for one project, in its `.opencode/agent-hud.jsonc`). */
    enabled: Type.Optional(Type.Boolean()),
    placement: Type.Optional(Type.Union([Type.Literal("tail"), Type.Literal("system")])),
    thresholds: Type.Optional(
      Type.Object(
        { compact: Type.Optional(Percent), minimal: Type.Optional(Percent), critical: Type.Optional(Percent) },
        { additionalProperties: false },
      ),
    ),
    budgets: Type.Optional(
      Type.Object(
        { full: Type.Optional(Budget), compact: Type.Optional(Budget), minimal: Type.Optional(Budget) },
        { additionalProperties: false },
      ),
    ),
    /**
     * How the HUD's tokens are counted against its budgets: `"estimate"` (default) costs nothing to load and
     * keeps the HUD within its budget plus 5% in OpenAI's and Claude's tokens; `"o200k"` counts exactly for
     * OpenAI's GPT-4o family and loads a ~140 MiB table once a HUD passes a quarter of its budget.
     */
    tokenizer: Type.Optional(Type.Union([Type.Literal("estimate"), Type.Literal("o200k")])),
    caps: Type.Optional(
      Type.Object(
        {
          decisions: Type.Optional(Cap),
          notes: Type.Optional(Cap),
          files: Type.Optional(Cap),
          blockers: Type.Optional(Cap),
          steps: Type.Optional(Cap),
          todos: Type.Optional(Cap),
          conventions: Type.Optional(Cap),
          keyfiles: Type.Optional(Cap),
        },
        { additionalProperties: false },
      ),
    ),
    sections: Type.Optional(
      Type.Object(
        { order: Type.Optional(SectionList), disabled: Type.Optional(SectionList) },
        { additionalProperties: false },
      ),
    ),
    storageDir: Type.Optional(Type.String({ minLength: 1 })),
    /**
     * The project memory file `.opencode/hud/memory.md`: `enabled: false` turns it off for this project;
     * `git: "ignore"` keeps it out of git (memory stays on this machine), `"share"` (default) merges it
     * line by line.
     */
    memoryFile: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          git: Type.Optional(Type.Union([Type.Literal("share"), Type.Literal("ignore")])),
        },
        { additionalProperties: false },
      ),
    ),
    /** Below this usage `hud_compact` declines: compacting a mostly empty context throws away detail for nothing. */
    compactMinPercent: Type.Optional(Percent),
    /**
     * Who writes a compaction's summary where the host lets a plugin answer it (Claude Code's mod):
     * `summary` (the model, told the HUD) or `hud` (agent-hud, from the stored state, with no model call).
     */
    compaction: Type.Optional(Type.Union([Type.Literal("summary"), Type.Literal("hud")])),
    /** Sessions idle longer than this many days are dropped (their HUD log and search index); project items stay. */
    retentionDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
    /**
     * What is stored from the conversation: `redact` (default true) replaces secrets with
     * `[redacted:<kind>]` before anything is written; `patterns` are extra regular expressions to redact.
     */
    privacy: Type.Optional(
      Type.Object(
        { redact: Type.Optional(Type.Boolean()), patterns: Type.Optional(Type.Array(Type.String({ minLength: 1 }))) },
        { additionalProperties: false },
      ),
    ),
    /** `enabled: false`: no conversation index at all (no recall.db); `hud search` says recall is off. */
    recall: Type.Optional(Type.Object({ enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
    /**
     * HUD components the agent writes (`components.define`), run in a sandbox: `enabled: false` refuses new
     * ones and hides defined ones; `maxCount` caps how many may be defined (both scopes together);
     * `budgetMs` is the wall time all of them together may take in one LLM call (the sandbox process is
     * killed past it).
     */
    agentComponents: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          maxCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 32 })),
          budgetMs: Type.Optional(Type.Integer({ minimum: 10, maximum: 5_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    /**
     * The cache ledger (docs/cache-ledger.md): `enabled: false` records nothing; `lifetimeSeconds` is how long
     * the provider keeps an idle prompt cache (a bust after a longer pause is named expiry); `showToAgent`
     * adds its one line to the HUD (off by default: it costs the agent tokens).
     */
    cacheLedger: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          lifetimeSeconds: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
          showToAgent: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type HudOptions = Static<typeof HudOptions>;

export type HudConfig = {
  enabled: boolean;
  placement: "tail" | "system";
  tokenizer: "estimate" | "o200k";
  thresholds: { compact: number; minimal: number; critical: number };
  budgets: { full?: number; compact?: number; minimal?: number };
  caps: NonNullable<HudOptions["caps"]>;
  sections: { order?: SectionName[]; disabled?: SectionName[] };
  storageDir?: string;
  compactMinPercent: number;
  compaction: "summary" | "hud";
  memoryFile: { enabled: boolean; git: "share" | "ignore" };
  retentionDays: number;
  /**
   * The retention every project gets (the global file's, else the default), when this project's own
   * `retentionDays` differs: a project's configuration applies to its own sessions only.
   */
  othersRetentionDays?: number;
  privacy: { redact: boolean; patterns: string[] };
  recall: { enabled: boolean };
  agentComponents: { enabled: boolean; maxCount: number; budgetMs: number };
  cacheLedger: { enabled: boolean; lifetimeSeconds: number; showToAgent: boolean };
};

export const defaultConfig: HudConfig = {
  enabled: true,
  placement: "tail",
  tokenizer: "estimate",
  thresholds: { compact: 70, minimal: 85, critical: 92 },
  budgets: {},
  caps: {},
  sections: {},
  compactMinPercent: 50,
  compaction: "summary",
  memoryFile: { enabled: true, git: "share" },
  retentionDays: 90,
  privacy: { redact: true, patterns: [] },
  recall: { enabled: true },
  agentComponents: { enabled: true, maxCount: 8, budgetMs: limits.callBudgetMs },
  cacheLedger: { enabled: true, lifetimeSeconds: 300, showToAgent: false },
};
