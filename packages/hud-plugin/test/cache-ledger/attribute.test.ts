import { describe, expect, test } from "bun:test";
import { attribute, describeCause, hashText, isBust } from "../../src/cache-ledger/index.ts";
import { assistant, conversation, evidence, PREAMBLE, text, tool, user } from "./requests.ts";

const SYSTEM = ["You are opencode, an agent.", PREAMBLE];
const grown = [...conversation, assistant("msg_4", text("Docs updated.")), user("msg_5", "thanks")];
const LIFETIME = 300;

describe("bust detection", () => {
  const prev = { input: 200, cacheRead: 9_000, cacheWrite: 800, output: 50 };
  test("a call that reads back what the call before sent is no bust", () => {
    expect(isBust(prev, { input: 600, cacheRead: 9_800, cacheWrite: 0, output: 40 })).toBe(false);
  });
  test("a call that reads back less than three quarters of it is one", () => {
    expect(isBust(prev, { input: 10_400, cacheRead: 0, cacheWrite: 0, output: 40 })).toBe(true);
    expect(isBust(prev, { input: 2_600, cacheRead: 7_499, cacheWrite: 0, output: 40 })).toBe(true);
    expect(isBust(prev, { input: 2_600, cacheRead: 7_500, cacheWrite: 0, output: 40 })).toBe(false);
  });
  test("a prompt too short for any provider to cache is never judged", () => {
    const short = { input: 1_023, cacheRead: 0, cacheWrite: 0, output: 5 };
    expect(isBust(short, { input: 1_100, cacheRead: 0, cacheWrite: 0, output: 5 })).toBe(false);
    expect(isBust({ ...short, input: 1_024 }, { input: 1_100, cacheRead: 0, cacheWrite: 0, output: 5 })).toBe(true);
  });
  test("the first call of a session has nothing to fall from", () => {
    expect(isBust(undefined, { input: 10_000, cacheRead: 0, cacheWrite: 0, output: 1 })).toBe(false);
  });
});

describe("attribution on recorded request pairs", () => {
  test("another plugin's system part changed: system prompt, not agent-hud", () => {
    const a = attribute(
      evidence(0, ["call 1", ...SYSTEM], conversation, "t"),
      evidence(5_000, ["call 2", ...SYSTEM], grown, "t"),
      LIFETIME,
    );
    expect(a).toMatchObject({ cause: "system", byAgentHud: false, also: [], missing: [] });
    expect(describeCause(a)).toBe("system prompt changed (not agent-hud)");
  });

  test("a plugin after agent-hud changed the system prompt as sent: named, though the parts its hook saw held", () => {
    const later = (at: number, stamp: string) => ({
      ...evidence(at, SYSTEM, at ? grown : conversation, "t"),
      systemSent: hashText([...SYSTEM, stamp].join("\n")),
    });
    const a = attribute(later(0, "[stamp] call 1"), later(5_000, "[stamp] call 2"), LIFETIME);
    expect(a).toMatchObject({ cause: "system", byAgentHud: false, afterAgentHud: true, also: [], missing: [] });
    expect(describeCause(a)).toBe("system prompt changed (not agent-hud: a plugin after it)");
    // the same stamp twice: nothing changed
    expect(attribute(later(0, "[stamp]"), later(5_000, "[stamp]"), LIFETIME).cause).toBe("unknown");
  });

  test("the system prompt as sent not seen (a host that shows only what its hook held): a later plugin is named as unseen", () => {
    const held = (at: number) => {
      const e = evidence(at, SYSTEM, at ? grown : conversation);
      delete e.systemSent;
      return e;
    };
    const a = attribute(held(0), held(5_000), LIFETIME);
    expect(a).toMatchObject({ cause: "unknown", missing: ["system-after", "tools"] });
    expect(describeCause(a)).toBe(
      "unknown: nothing agent-hud saw changed; not seen: a later plugin's system-prompt change, tools, the provider",
    );
    expect(describeCause({ ...a, cause: "tail" })).toBe(
      "the call before's newest message and cache blocks, or what agent-hud cannot see: a later plugin's system-prompt change, tools, the provider",
    );
  });

  test("only agent-hud's own part changed: said so", () => {
    const a = attribute(
      evidence(0, SYSTEM, conversation, "t"),
      evidence(5_000, [SYSTEM[0]!, `${PREAMBLE} v2`], grown, "t"),
      LIFETIME,
    );
    expect(a).toMatchObject({ cause: "system", byAgentHud: false });
    const own = { ...evidence(5_000, SYSTEM, grown, "t") };
    own.system = [own.system![0]!, { hash: "changed", own: true }];
    expect(attribute(evidence(0, SYSTEM, conversation, "t"), own, LIFETIME)).toMatchObject({
      cause: "system",
      byAgentHud: true,
    });
    expect(describeCause(attribute(evidence(0, SYSTEM, conversation, "t"), own, LIFETIME))).toBe(
      "system prompt changed (agent-hud's part)",
    );
  });

  test("tool definitions changed", () => {
    const a = attribute(evidence(0, SYSTEM, conversation, "t1"), evidence(1_000, SYSTEM, grown, "t2"), LIFETIME);
    expect(a).toMatchObject({ cause: "tools", also: [] });
  });

  test("compaction: the history no longer starts as before", () => {
    const summary = [
      user("msg_9", "What did we do so far?"),
      assistant("msg_10", text("Summary: ...")),
      user("msg_11", "go on"),
    ];
    const a = attribute(evidence(0, SYSTEM, grown), evidence(2_000, SYSTEM, summary), LIFETIME);
    expect(a).toMatchObject({ cause: "history", compaction: false, missing: ["tools"] });
    expect(describeCause(a)).toBe("earlier history rewritten (compaction, pruning or a plugin)");
    const told = attribute(
      evidence(0, SYSTEM, grown),
      { ...evidence(2_000, SYSTEM, summary), afterCompaction: true },
      LIFETIME,
    );
    expect(describeCause(told)).toBe("earlier history rewritten (compaction)");
  });

  test("pruning: an earlier tool output replaced in place", () => {
    const pruned = grown.map((m) =>
      m.info.id === "msg_2" ? assistant("msg_2", text("Reading the test."), tool("call_1", "[pruned]")) : m,
    );
    expect(attribute(evidence(0, SYSTEM, grown), evidence(1_000, SYSTEM, pruned), LIFETIME).cause).toBe("history");
  });

  test("ids and timings of parts are not content: a re-read conversation only grew", () => {
    const reread = conversation.map((m) => ({
      ...m,
      parts: m.parts.map((p) => ({ ...p, id: "other", time: { start: 9 } })),
    }));
    const a = attribute(
      evidence(0, SYSTEM, conversation, "t"),
      evidence(1_000, SYSTEM, [...reread, user("m", "x")], "t"),
      LIFETIME,
    );
    expect(a).toMatchObject({ cause: "unknown", missing: [] });
  });

  test("idle past the lifetime with nothing else changed: expired", () => {
    const a = attribute(evidence(0, SYSTEM, conversation, "t"), evidence(301_000, SYSTEM, grown, "t"), LIFETIME);
    expect(a).toMatchObject({ cause: "expired", also: [], idleSeconds: 301 });
    expect(describeCause(a)).toBe("cache expired (idle 301 s)");
  });

  test("idle past the lifetime and a changed prompt: both, the change first", () => {
    const a = attribute(
      evidence(0, ["a", ...SYSTEM], conversation),
      evidence(400_000, ["b", ...SYSTEM], grown),
      LIFETIME,
    );
    expect(a).toMatchObject({ cause: "system", also: ["expired"] });
  });

  test("nothing seen changed within the lifetime: unknown, never a guess", () => {
    const a = attribute(evidence(0, SYSTEM, conversation, "t"), evidence(299_000, SYSTEM, grown, "t"), LIFETIME);
    expect(a).toEqual({ cause: "unknown", also: [], missing: [], idleSeconds: 299 });
  });

  test("idle exactly the lifetime is still within it; a millisecond more is past it", () => {
    const at = (ms: number) =>
      attribute(evidence(0, SYSTEM, conversation, "t"), evidence(ms, SYSTEM, grown, "t"), LIFETIME);
    expect(at(LIFETIME * 1_000)).toEqual({ cause: "unknown", also: [], missing: [], idleSeconds: LIFETIME });
    expect(at(LIFETIME * 1_000 + 1).cause).toBe("expired");
  });

  describe("missing evidence", () => {
    test("only times and a reported compaction seen (Claude Code): the compaction is a history rewrite", () => {
      const a = attribute({ at: 0 }, { at: 2_000, afterCompaction: true }, LIFETIME);
      expect(a).toMatchObject({ cause: "history", compaction: true, also: [] });
      expect(describeCause(a)).toBe("earlier history rewritten (compaction)");
    });
    test("only times seen, within the lifetime and no compaction: unknown, with what was not seen", () => {
      const a = attribute({ at: 0 }, { at: 2_000 }, LIFETIME);
      expect(a).toEqual({ cause: "unknown", also: [], missing: ["system", "tools", "messages"], idleSeconds: 2 });
      expect(describeCause(a)).toBe(
        "unknown: nothing agent-hud saw changed; not seen: the system prompt, tools, earlier messages, the provider",
      );
    });
    test("no record of the request before (a restart): unknown", () => {
      expect(attribute(undefined, evidence(0, SYSTEM, grown, "t"), LIFETIME)).toEqual({
        cause: "unknown",
        also: [],
        missing: ["request"],
      });
    });
    test("no record of this request: unknown", () => {
      expect(attribute(evidence(0, SYSTEM, grown), undefined, LIFETIME).cause).toBe("unknown");
    });
    test("system parts seen for one request only: the system is never blamed", () => {
      const a = attribute(
        evidence(0, undefined, conversation, "t"),
        evidence(1_000, ["changed?"], grown, "t"),
        LIFETIME,
      );
      expect(a).toMatchObject({ cause: "unknown", missing: ["system"] });
      expect(describeCause(a)).toBe(
        "unknown: nothing agent-hud saw changed; not seen: the system prompt, the provider",
      );
    });
    test("tools not seen by any hook: a shown change is still named", () => {
      const a = attribute(
        evidence(0, ["a", ...SYSTEM], conversation),
        evidence(1_000, ["b", ...SYSTEM], grown),
        LIFETIME,
      );
      expect(a).toMatchObject({ cause: "system", missing: ["tools"] });
    });
    test("messages not seen: history is never blamed, the pause still is", () => {
      const a = attribute(evidence(0, SYSTEM, undefined, "t"), evidence(600_000, SYSTEM, undefined, "t"), LIFETIME);
      expect(a).toMatchObject({ cause: "expired", missing: ["messages"] });
    });
  });
});
