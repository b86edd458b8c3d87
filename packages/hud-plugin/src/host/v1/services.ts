// What opencode 1's SDK client offers the runtime, as the runtime's own ports: the log, toasts in the TUI
// and a compaction on request. The client's shapes stay in this folder.
import type { Toast } from "../../config/show-problems.ts";
import { createLogger, type Logger, type LogSink } from "../../log/index.ts";
import type { Summarize } from "../../runtime/hook-deps.ts";

type Client = {
  app?: { log?: (options: { body: Parameters<LogSink>[0] }) => Promise<unknown> };
  tui?: {
    showToast?: (options: {
      body: { title?: string; message: string; variant: "info" | "success" | "warning" | "error"; duration?: number };
    }) => Promise<unknown>;
  };
  session?: {
    summarize?: (options: { path: { id: string }; body: { providerID: string; modelID: string } }) => Promise<unknown>;
  };
};

export type ClientServices = { log: Logger; toast: Toast | undefined; summarize: Summarize | undefined };

export function clientServices(client: unknown): ClientServices {
  const c = client as Client | undefined;
  const app = c?.app;
  const tui = c?.tui;
  const session = c?.session;
  // each called as a method: the SDK's generated classes read their transport from `this`
  const sink: LogSink | undefined = typeof app?.log === "function" ? (body) => app.log!({ body }) : undefined;
  const toast: Toast | undefined =
    typeof tui?.showToast === "function"
      ? (body) => {
          try {
            void tui.showToast!({ body })?.catch(() => {});
          } catch {
            // a TUI that went away mid-call: the line is in the log either way
          }
        }
      : undefined;
  const summarize: Summarize | undefined =
    typeof session?.summarize === "function"
      ? (id, model) => session.summarize!({ path: { id }, body: model })
      : undefined;
  return { log: createLogger(sink), toast, summarize };
}
