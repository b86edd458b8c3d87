// SIMULATION, not an end-to-end test: opencode 2's TUI cannot run here. The TUI entry's `setup` is driven
// with a fake V2 TUI context built from V2's published TUI types (packages/plugin/src/tui/context.ts; the
// commit is in packages/hud-plugin/src/host/README.md). Solid and OpenTUI live inside opencode's binary,
// so their JSX runtime is replaced by one that records elements.
import { afterAll, beforeAll, describe, expect, mock, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type El = { type: unknown; props: Record<string, unknown> };
const jsx = (type: unknown, props: Record<string, unknown>): El => ({ type, props });
mock.module("@opentui/solid/jsx-runtime", () => ({ jsx, jsxs: jsx, jsxDEV: jsx, Fragment: "fragment" }));
mock.module("@opentui/solid/jsx-dev-runtime", () => ({ jsx, jsxs: jsx, jsxDEV: jsx, Fragment: "fragment" }));
mock.module("solid-js", () => ({
  createSignal: <T>(value: T) => {
    let v = value;
    return [() => v, (next: T) => void (v = next)];
  },
  createMemo: <T>(compute: () => T) => compute,
  For: (props: { each: unknown[]; children: (item: unknown) => unknown }) => props.each.map(props.children),
}));

const root = mkdtempSync(join(tmpdir(), "agent-hud-v2-tui-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeTui() {
  const claims: Array<{ append: string; render: (input: Record<string, unknown>) => unknown }> = [];
  const layers: Array<{ commands: Array<{ id: string; slash?: { name: string }; run: () => void }> }> = [];
  const toasts: Array<{ message: string }> = [];
  const released: string[] = [];
  let route: { type: string; sessionID?: string } = { type: "home" };
  const ctx = {
    options: { storageDir: join(root, "store") },
    location: { directory: root },
    theme: {
      text: "t",
      textMuted: "m",
      markdownHeading: "h",
      markdownCode: "c",
      markdownLink: "l",
      markdownBlockQuote: "q",
      markdownListItem: "i",
    },
    data: { on: () => () => {} },
    keymap: { layer: (input: () => (typeof layers)[number]) => void layers.push(input()) },
    ui: {
      slot: (claim: (typeof claims)[number]) => {
        claims.push(claim);
        return () => void released.push(claim.append);
      },
      toast: { show: (note: { message: string }) => void toasts.push(note) },
      router: { current: () => route },
      dialog: {
        show: () => {},
        clear: () => {},
        alert: async () => {},
        select: async () => undefined,
        prompt: async () => undefined,
      },
    },
  };
  return {
    ctx,
    claims,
    layers,
    toasts,
    released,
    goTo: (sessionID: string) => (route = { type: "session", sessionID }),
  };
}

describe("simulation: the TUI entry on opencode 2", () => {
  const host = fakeTui();
  let entry: { id: string; tui: unknown; setup: (ctx: unknown) => Promise<(() => void) | void> };
  let cleanup: (() => void) | void;

  beforeAll(async () => {
    // a computed path: the .tsx files are type-checked by the plugin's own tsconfig.tui.json, not here
    const path = join(import.meta.dir, "../../packages/hud-plugin/tui/index.tsx");
    entry = (await import(path)).default as never;
    cleanup = await entry.setup(host.ctx);
  });

  test("a context without ui.slot (not a V2 TUI) starts nothing", async () => {
    expect(await entry.setup({ options: {} })).toBeUndefined();
  });

  test("setup claims the sidebar, the prompt footer and an app slot for the keymap layer", () => {
    expect(host.claims.map((c) => c.append).sort()).toEqual(["app", "prompt.footer.status", "sidebar.content"]);
  });

  test("the app slot's render creates one keymap layer with the four slash commands", () => {
    host.claims.find((c) => c.append === "app")!.render({});
    expect(host.layers).toHaveLength(1);
    expect(host.layers[0]!.commands.map((c) => c.slash?.name)).toEqual(["hud", "hud-edit", "hud-off", "hud-on"]);
  });

  test("the sidebar renders a session's HUD component and nothing without a session", () => {
    const sidebar = host.claims.find((c) => c.append === "sidebar.content")!;
    expect(sidebar.render({})).toBeNull();
    const el = sidebar.render({ sessionID: "ses_tui0001" }) as El;
    expect((el.type as { name: string }).name).toBe("Sidebar");
    expect(el.props["sessionID"]).toBe("ses_tui0001");
  });

  test("/hud-off without a session says to open one; in a session it switches the HUD off with a toast", () => {
    const off = host.layers[0]!.commands.find((c) => c.slash?.name === "hud-off")!;
    off.run();
    expect(host.toasts.at(-1)?.message).toBe("HUD: open a session first");
    host.goTo("ses_tui0001");
    off.run();
    expect(host.toasts.at(-1)?.message).toBe("off for this session");
    const status = host.claims
      .find((c) => c.append === "prompt.footer.status")!
      .render({ sessionID: "ses_tui0001" }) as El;
    const line = (status.type as (p: unknown) => El)(status.props);
    expect(line.props["children"]).toBe("HUD off");
  });

  test("the cleanup releases every claim, and a second TUI setup then starts again", async () => {
    cleanup?.();
    expect(host.released.sort()).toEqual(["app", "prompt.footer.status", "sidebar.content"]);
    const again = fakeTui();
    const stop = await entry.setup(again.ctx);
    expect(again.claims).toHaveLength(3);
    stop?.();
  });
});
