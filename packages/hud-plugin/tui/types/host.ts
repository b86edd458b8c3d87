// The TUI APIs of both opencode generations, as far as agent-hud uses them. V1: `@opencode-ai/plugin/tui`
// 1.18.33 (`TuiPluginApi`), not importable here without OpenTUI's packages. V2: `packages/plugin/src/tui/
// context.ts` of opencode's source at the commit in src/host/README.md. Both are subsets, kept structural.
import type { HudCommand, ThemeColors as Colors } from "../../dist/board/core.js";

/** opencode passes its theme colours as RGBA objects; the view only hands them back to OpenTUI. */
export type ThemeColors = Colors<unknown>;

export type Variant = "info" | "success" | "warning" | "error";
export type ToastNote = { variant?: Variant; title?: string; message: string; duration?: number };
type Component<P> = (props: P) => unknown;

export type V1TuiApi = {
  state: { path: { directory: string; worktree?: string } };
  route: { current: { name: string; params?: { sessionID?: string } } };
  theme: { current: ThemeColors };
  event: { on(type: "session.compacted", run: (event: { properties: { sessionID: string } }) => void): () => void };
  lifecycle: { onDispose(run: () => void): void };
  slots: {
    register(plugin: {
      order?: number;
      slots: Record<string, (ctx: { theme: { current: ThemeColors } }, props: { session_id: string }) => unknown>;
    }): unknown;
  };
  keymap?: {
    registerLayer?: (layer: {
      commands: Array<{
        name: string;
        title: string;
        category?: string;
        namespace?: string;
        slashName?: string;
        run: () => unknown;
      }>;
    }) => unknown;
  };
  command?: {
    register(
      commands: () => Array<{
        title: string;
        value: string;
        category?: string;
        slash?: { name: string };
        onSelect?: () => unknown;
      }>,
    ): unknown;
  };
  ui: {
    toast(note: ToastNote): void;
    dialog: { replace(render: () => unknown): void; clear(): void };
    DialogAlert: Component<{ title: string; message: string }>;
    DialogSelect: Component<{
      title: string;
      options: Array<{ title: string; value: number }>;
      onSelect: (option: { value: number }) => void;
    }>;
    DialogPrompt: Component<{
      title: string;
      placeholder?: string;
      onConfirm: (text: string) => void;
      onCancel: () => void;
    }>;
  };
};

type SlotInput = { sessionID?: string };
export type V2TuiContext = {
  options: Record<string, unknown>;
  location?: { directory?: string };
  theme: ThemeColors;
  data: { on(type: "session.compaction.ended", run: (event: { data: { sessionID: string } }) => void): () => void };
  keymap: {
    layer(
      input: () => {
        commands: Array<{
          id: string;
          title: string;
          group?: string;
          palette?: true;
          slash?: { name: string };
          run: () => void;
        }>;
      },
    ): void;
  };
  ui: {
    slot(claim: { append: string; render: (input: SlotInput) => unknown }): () => void;
    toast: { show(note: ToastNote): void };
    router: { current(): { type: string; sessionID?: string } };
    dialog: {
      show(render: () => unknown, onClose?: () => void): void;
      clear(): void;
      alert(options: { title: string; message: string }): Promise<void>;
      select<V>(options: { title: string; options: Array<{ title: string; value: V }> }): Promise<V | undefined>;
      prompt(options: { title: string; placeholder?: string }): Promise<string | undefined>;
    };
  };
};

/** What the person's view needs from either host (`glue-v1.tsx`, `glue-v2.tsx`). */
export type Glue = {
  directory: string | undefined;
  worktree: string | undefined;
  sessionNow(): string | undefined;
  toast(note: ToastNote): void;
  onCompacted(run: (sessionID: string) => void): () => void;
  onDispose(run: () => void): void;
  sidebar(render: (sessionID: string, theme: ThemeColors) => unknown): void;
  promptStatus(render: (sessionID: string, theme: ThemeColors) => unknown): void;
  dialog(render: (theme: ThemeColors) => unknown): void;
  closeDialog(): void;
  alert(title: string, message: string): unknown;
  select(title: string, options: string[]): Promise<number | undefined>;
  prompt(title: string, placeholder: string): Promise<string | undefined>;
  commands(commands: HudCommand[]): void;
};
