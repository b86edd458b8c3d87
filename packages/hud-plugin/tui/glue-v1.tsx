/** @jsxImportSource @opentui/solid */
import type { Glue, V1TuiApi } from "./types/host.ts";

/**
 * opencode 1.x's TUI API reduced to what the person's view needs. Commands go through the keymap layer
 * (1.18); `api.command.register` is kept only for older 1.x, where the keymap has no `registerLayer`.
 */
export function v1Glue(api: V1TuiApi): Glue {
  const dialog = (render: () => unknown) => api.ui.dialog.replace(render);
  return {
    directory: api.state.path.directory,
    worktree: api.state.path.worktree,
    sessionNow: () => (api.route.current.name === "session" ? api.route.current.params?.sessionID : undefined),
    toast: (note) => api.ui.toast(note),
    onCompacted: (run) => api.event.on("session.compacted", (event) => run(event.properties.sessionID)),
    onDispose: (run) => api.lifecycle.onDispose(run),
    sidebar: (render) =>
      api.slots.register({
        order: 150,
        slots: { sidebar_content: (ctx, props) => render(props.session_id, ctx.theme.current) },
      }),
    promptStatus: (render) =>
      api.slots.register({
        order: 150,
        slots: { session_prompt_right: (ctx, props) => render(props.session_id, ctx.theme.current) },
      }),
    dialog: (render) => dialog(() => render(api.theme.current)),
    closeDialog: () => api.ui.dialog.clear(),
    alert: (title, message) => dialog(() => <api.ui.DialogAlert title={title} message={message} />),
    select: (title, options) =>
      new Promise<number | undefined>((resolve) =>
        dialog(() => (
          <api.ui.DialogSelect
            title={title}
            options={options.map((option, value) => ({ title: option, value }))}
            onSelect={(option) => resolve(option.value)}
          />
        )),
      ),
    prompt: (title, placeholder) =>
      new Promise<string | undefined>((resolve) =>
        dialog(() => (
          <api.ui.DialogPrompt
            title={title}
            placeholder={placeholder}
            onConfirm={(text) => resolve(text)}
            onCancel={() => resolve(undefined)}
          />
        )),
      ),
    commands: (commands) => {
      if (typeof api.keymap?.registerLayer === "function") {
        const dispose = api.keymap.registerLayer({
          commands: commands.map((c) => ({
            name: c.id,
            title: c.title,
            category: "HUD",
            namespace: "palette",
            slashName: c.slash,
            run: c.run,
          })),
        });
        if (typeof dispose === "function") api.lifecycle.onDispose(dispose as () => void);
        return;
      }
      api.command?.register(() =>
        commands.map((c) => ({
          title: c.title,
          value: c.id,
          category: "HUD",
          slash: { name: c.slash },
          onSelect: c.run,
        })),
      );
    },
  };
}
