/** @jsxImportSource @opentui/solid */
import type { Glue, V2TuiContext } from "./types/host.ts";

/**
 * opencode 2's TUI context reduced to what the person's view needs: `ui.slot` claims for the sidebar and
 * the prompt footer, commands through a keymap layer created inside an `app` slot (V2 layers belong to a
 * component), `ui.dialog`, `ui.toast`, `data.on`. Built from V2's published TUI types (see
 * src/host/README.md); no V2 binary runs where this is tested.
 */
export function v2Glue(ctx: V2TuiContext, cleanups: Array<() => void>): Glue {
  const route = () => ctx.ui.router.current();
  return {
    directory: ctx.location?.directory,
    worktree: undefined,
    sessionNow: () => {
      const current = route();
      return current?.type === "session" ? current.sessionID : undefined;
    },
    toast: (note) => ctx.ui.toast.show(note),
    onCompacted: (run) => ctx.data.on("session.compaction.ended", (event) => run(event.data.sessionID)),
    onDispose: (run) => void cleanups.push(run),
    sidebar: (render) =>
      void cleanups.push(
        ctx.ui.slot({
          append: "sidebar.content",
          render: (input) => (input.sessionID ? render(input.sessionID, ctx.theme) : null),
        }),
      ),
    promptStatus: (render) =>
      void cleanups.push(
        ctx.ui.slot({
          append: "prompt.footer.status",
          render: (input) => (input.sessionID ? render(input.sessionID, ctx.theme) : null),
        }),
      ),
    dialog: (render) => ctx.ui.dialog.show(() => render(ctx.theme)),
    closeDialog: () => ctx.ui.dialog.clear(),
    alert: (title, message) => ctx.ui.dialog.alert({ title, message }),
    select: (title, options) =>
      ctx.ui.dialog.select({ title, options: options.map((option, value) => ({ title: option, value })) }),
    prompt: (title, placeholder) => ctx.ui.dialog.prompt({ title, placeholder }),
    commands: (commands) =>
      void cleanups.push(
        ctx.ui.slot({
          append: "app",
          render: () => {
            ctx.keymap.layer(() => ({
              commands: commands.map((c) => ({
                id: c.id,
                title: c.title,
                group: "HUD",
                palette: true,
                slash: { name: c.slash },
                run: () => void c.run(),
              })),
            }));
            return null;
          },
        }),
      ),
  };
}
