import { describe, expect, test } from "bun:test";
import { toMarkdown } from "@agent-hud/ujsx";
import {
  applyEvent,
  Hud,
  makeContextInfo,
  renderHud,
  replay,
  type HudView,
  type HudComponentProps,
} from "../src/index.ts";
import { contextAt, layoutOf, layoutTree } from "../src/internal.ts";
import { bpeTokenizer } from "../src/o200k.ts";
import { referenceView } from "../src/testing/index.ts";

const densitiesAt = [30, 75, 90, 95];

describe("renderHud", () => {
  test("keeps the layout it assembled, for laying the same render out again; a copy of the result has none", () => {
    const view = referenceView();
    const context = contextAt(30);
    const result = renderHud(view, context);
    const layout = layoutOf(result)!;
    expect(layout.result).toBe(result);
    const tree = <>{[...layoutTree(layout.title, layout.stable), ...layoutTree("", layout.volatile, false)]}</>;
    expect(toMarkdown(tree)).toBe(toMarkdown(<Hud view={view} context={context} />));
    expect(layoutOf({ ...result })).toBeUndefined();
  });

  test("piecewise assembly equals serialising the whole <Hud> tree, and tokens are exact", () => {
    const views: HudView[] = [
      referenceView(),
      { ...referenceView(), resume: { sessionID: "ses_x", task: "x", openSteps: 2 } },
    ];
    for (const view of views) {
      for (const pct of densitiesAt) {
        const context = contextAt(pct);
        const result = renderHud(view, context);
        expect(toMarkdown(<Hud view={view} context={context} />)).toBe(result.markdown);
        expect(result.tokens).toBe(bpeTokenizer.count(result.markdown));
        expect(result.markdown).toBe(result.volatile ? `${result.stable}\n${result.volatile}` : result.stable);
      }
    }
  });

  test("stable holds no usage numbers and does not move when only usage moves", () => {
    const view = referenceView();
    const a = renderHud(view, makeContextInfo({ usedTokens: 41_234, usableTokens: 192_000, history: [12, 15] }));
    const b = renderHud(view, makeContextInfo({ usedTokens: 52_345, usableTokens: 192_000, history: [15, 21.5] }));
    expect(b.stable).toBe(a.stable);
    expect(b.stableHash).toBe(a.stableHash);
    expect(b.volatile).not.toBe(a.volatile);
    for (const n of ["41k", "52k", "192k", "21%", "27%"]) expect(a.stable + b.stable).not.toContain(n);
    expect(b.volatile).toContain("27%");
  });

  test("a state edit changes stable and its hash; turns alone do not", () => {
    const view = referenceView();
    const ctx = contextAt(30);
    const before = renderHud(view, ctx);
    const turned = { ...view, session: applyEvent(view.session, { kind: "turn", at: 1 }).state };
    expect(renderHud(turned, ctx).stableHash).toBe(before.stableHash);
    const edited = { ...view, session: applyEvent(view.session, { kind: "blocker.remove", at: 1, id: "b1" }).state };
    const after = renderHud(edited, ctx);
    expect(after.stableHash).not.toBe(before.stableHash);
    expect(after.stable).not.toContain("b1:");
  });

  test("warm path: a usage-only change does not re-run stable components", () => {
    let calls = 0;
    const Counter = (_: HudComponentProps) => {
      calls += 1;
      return <paragraph>counted</paragraph>;
    };
    const options = { custom: [{ name: "counter", component: Counter }] };
    const view = referenceView();
    renderHud(view, makeContextInfo({ usedTokens: 10_000, usableTokens: 200_000 }), options);
    const first = calls;
    for (let used = 11_000; used < 20_000; used += 1000)
      renderHud(view, makeContextInfo({ usedTokens: used, usableTokens: 200_000 }), options);
    expect(first).toBeGreaterThan(0);
    expect(calls).toBe(first);
    // Hosts pass a fresh options object with the current time on every call: still a memo hit.
    for (let now = 0; now < 5; now++)
      renderHud(view, makeContextInfo({ usedTokens: 12_345, usableTokens: 200_000 }), { ...options, now });
    expect(calls).toBe(first);
  });

  test("density follows the context; critical adds the warning", () => {
    const view = referenceView();
    expect(renderHud(view, contextAt(50)).density).toBe("full");
    expect(renderHud(view, contextAt(80)).density).toBe("compact");
    expect(renderHud(view, contextAt(88)).density).toBe("minimal");
    expect(renderHud(view, contextAt(88)).volatile).not.toContain("⚠");
    expect(renderHud(view, contextAt(93)).volatile).toContain("⚠ Context 93%");
  });

  test("omissions are reported in the metadata and in the HUD itself", () => {
    const r = renderHud(referenceView(), contextAt(75));
    expect(r.omitted["notes"]).toBe(20);
    expect(r.markdown).toContain("`hud notes.list`");
    const m = renderHud(referenceView(), contextAt(90));
    expect(m.markdown).toMatch(/\*\*Not shown\*\* .*10 decisions.*`hud snapshot`/);
  });

  test("sections can be reordered and disabled", () => {
    const view = referenceView();
    const options = {
      sections: { order: ["notes" as const, "task" as const], disabled: ["files" as const, "decisions" as const] },
      budgets: { full: 5000 },
    };
    const md = renderHud(view, contextAt(10), options).markdown;
    expect(md.indexOf("#### Notes")).toBeLessThan(md.indexOf("#### Task"));
    expect(md.indexOf("#### Task")).toBeGreaterThan(0);
    expect(md).not.toContain("Active files");
    expect(md).not.toContain("#### Decisions");
  });

  test("time staleness needs a clock passed in; turn staleness does not", () => {
    let view = referenceView();
    const ctx = contextAt(30);
    const last = view.session.agentUpdatedAt ?? 0;
    expect(renderHud(view, ctx, { now: last + 60_000 }).volatile).not.toContain("Stale");
    expect(renderHud(view, ctx, { now: last + 3 * 3_600_000 }).volatile).toContain("no HUD edits for 3 h");
    for (let i = 0; i < 10; i++)
      view = { ...view, session: applyEvent(view.session, { kind: "turn", at: last }).state };
    expect(renderHud(view, ctx).volatile).toContain("10 turns");
    expect(renderHud(view, ctx, { staleness: { afterTurns: 50 } }).volatile).not.toContain("Stale");
  });

  test("project memory, resume hint and parent context render", () => {
    const view: HudView = {
      session: replay("session", []),
      project: replay("project", [
        { kind: "convention.add", at: 1, content: "tests use bun test" },
        { kind: "keyfile.add", at: 2, path: "src/index.ts", note: "public API" },
        { kind: "note.add", at: 3, content: "CI needs docker" },
      ]),
      parent: replay("session", [{ kind: "task.set", at: 1, description: "refactor the parser" }]),
      resume: { sessionID: "ses_prev", task: "migrate the db", openSteps: 3 },
    };
    const md = renderHud(view, contextAt(20)).markdown;
    expect(md).toContain("c1 convention: tests use bun test");
    expect(md).toContain("k1 key file: `src/index.ts` — public API");
    expect(md).toContain("pn1 note: CI needs docker");
    expect(md).toContain('**Resume** last session left "migrate the db" with 3 open steps');
    expect(md).toContain("refactor the parser");
    expect(renderHud(view, contextAt(90)).markdown).toContain(
      "**Project** 3 items (2 conventions/key files) — `hud project.list`",
    );
  });
});
