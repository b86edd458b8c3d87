import { describe, expect, test } from "bun:test";
import { defaultConfig, parseConfig } from "../../src/config/index.ts";

describe("parseConfig", () => {
  test("no options gives the defaults and no problems", () => {
    expect(parseConfig(undefined)).toEqual({ config: defaultConfig, problems: [] });
    expect(parseConfig({}).problems).toEqual([]);
    expect(parseConfig({}).config.placement).toBe("tail");
    expect(parseConfig({}).config.tokenizer).toBe("estimate");
  });

  test("valid options are applied", () => {
    const { config, problems } = parseConfig({
      placement: "system",
      tokenizer: "o200k",
      thresholds: { compact: 60, minimal: 80 },
      budgets: { full: 900, minimal: 200 },
      caps: { notes: 5 },
      sections: { disabled: ["files"] },
      storageDir: "/var/hud",
      compactMinPercent: 40,
      memoryFile: { git: "ignore" },
      retentionDays: 30,
      privacy: { patterns: ["ACME-[0-9]{6}"] },
      recall: { enabled: false },
      agentComponents: { maxCount: 3 },
      cacheLedger: { lifetimeSeconds: 3600, showToAgent: true },
      compaction: "hud",
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      enabled: true,
      placement: "system",
      tokenizer: "o200k",
      thresholds: { compact: 60, minimal: 80, critical: 92 },
      budgets: { full: 900, minimal: 200 },
      caps: { notes: 5 },
      sections: { disabled: ["files"] },
      storageDir: "/var/hud",
      compactMinPercent: 40,
      compaction: "hud",
      memoryFile: { enabled: true, git: "ignore" },
      retentionDays: 30,
      privacy: { redact: true, patterns: ["ACME-[0-9]{6}"] },
      recall: { enabled: false },
      agentComponents: { enabled: true, maxCount: 3, budgetMs: 150 },
      cacheLedger: { enabled: true, lifetimeSeconds: 3600, showToAgent: true },
    });
  });

  test("a privacy pattern that is not a regular expression is one problem line; the other patterns apply", () => {
    const { config, problems } = parseConfig({ privacy: { redact: false, patterns: ["ok-[0-9]+", "bad(", "x*"] } });
    expect(problems.map((p) => p.path)).toEqual(["privacy.patterns.1", "privacy.patterns.2"]);
    expect(problems[0]!.message).toMatch(
      /^agent-hud option privacy\.patterns\[1\] "bad\(": not a regular expression \(.+\); it is left out$/,
    );
    expect(problems[1]!.message).toContain("matches the empty string");
    for (const problem of problems) expect(problem.message).not.toContain("\n");
    expect(config.privacy).toEqual({ redact: false, patterns: ["ok-[0-9]+"] });
  });

  test("a bad value is one line naming the path and the expected shape; that key falls back, the rest applies", () => {
    const { config, problems } = parseConfig({ placement: "top", budgets: { full: 900 } });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe("placement");
    expect(problems[0]!.message).toContain('expected "tail" | "system"');
    expect(problems[0]!.message).not.toContain("\n");
    expect(config.placement).toBe("tail");
    expect(config.budgets).toEqual({ full: 900 });
  });

  test("nested bad values name the nested path and range", () => {
    const { config, problems } = parseConfig({ thresholds: { compact: 170 }, caps: { notes: "many" } });
    const paths = problems.map((p) => p.path).sort();
    expect(paths).toEqual(["caps.notes", "thresholds.compact"]);
    expect(problems.find((p) => p.path === "thresholds.compact")!.message).toContain("number in 0..100");
    expect(config.thresholds).toEqual(defaultConfig.thresholds);
    expect(config.caps).toEqual({});
  });

  test("sections are checked against the built-in section names", () => {
    const good = parseConfig({ sections: { order: ["blockers", "task"], disabled: ["files"] } });
    expect(good.problems).toEqual([]);
    expect(good.config.sections).toEqual({ order: ["blockers", "task"], disabled: ["files"] });
    const bad = parseConfig({ sections: { disabled: ["fiels"] } });
    expect(bad.problems.map((p) => p.path)).toEqual(["sections.disabled.0"]);
    expect(bad.problems[0]!.message).toContain('"files"');
    expect(bad.config.sections).toEqual({});
  });

  test("an unknown key lists the known ones", () => {
    const { problems } = parseConfig({ placment: "tail" });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe("placment");
    expect(problems[0]!.message).toContain("one of enabled, placement, thresholds");
  });

  test("thresholds out of order are rejected as a whole", () => {
    const { config, problems } = parseConfig({ thresholds: { compact: 90, minimal: 80 } });
    expect(problems.map((p) => p.path)).toEqual(["thresholds"]);
    expect(config.thresholds).toEqual(defaultConfig.thresholds);
  });

  test("options that are not an object run on defaults", () => {
    for (const raw of ["tail", 3, ["tail"]]) {
      const { config, problems } = parseConfig(raw);
      expect(config).toEqual(defaultConfig);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toContain("must be an object");
    }
  });
});
