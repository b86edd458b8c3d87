import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { forward } from "../../../src/hook-process/forward.ts";
import type { HookReply } from "../../../src/host/codex/handle.ts";
import { runtimes, serveHooks } from "../../../src/host/codex/mcp-server.ts";
import { hostFolder, type Link } from "../../../src/host/codex/link.ts";

// the server is keyed to this process's parent, as a hook finds Codex among its own parents
const root = mkdtempSync(join(tmpdir(), "codex-forward-"));
const project = join(root, "project");
mkdirSync(join(project, ".git"), { recursive: true });
const runtimeFor = runtimes();
const links: Link[] = [];
const served = serveHooks(runtimeFor, (link) => links.push(link))!;
afterAll(() => {
  served.close();
  runtimeFor.dispose();
});

const input = (event: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: "s-forward", cwd: project, hook_event_name: event, ...extra });

describe("Codex hooks forwarded to the session's hud MCP server", () => {
  test("the server runs the hook on the project's runtime, answers with the reply and learns session and project", async () => {
    expect(statSync(served.path).mode & 0o777).toBe(0o600);
    const answer = await forward<HookReply>(input("SessionStart", { source: "startup" }), hostFolder());
    expect(answer?.reply?.event).toBe("SessionStart");
    expect(answer?.reply?.text).toContain("<agent-hud>");
    expect(links).toEqual([{ session: "s-forward", directory: project }]);
    // nothing changed since: the server answers, with nothing to add
    expect(await forward<HookReply>(input("UserPromptSubmit"), hostFolder())).toEqual({ reply: null });
  });

  test("a failure in the server comes back as one line, not a reply; an event it does not use, as nothing", async () => {
    const bad = await forward<HookReply>(input("PostToolUse", { session_id: "no/such" }), hostFolder());
    expect(bad?.error).toContain("invalid session id");
    expect(await forward<HookReply>(input("Stop"), hostFolder())).toEqual({ reply: null });
  });
});
