/**
 * agent-hud's Claude Code mod (2.1.328 and later): a hooks module that runs inside Claude Code, with no
 * Node and no Bun. The state stays in the `hud` MCP server the plugin already runs; every call here goes to it
 * through `$.mcp.call` (its internal `hud_mod` tool), with the key the server wrote for this module, the one
 * file it reads (`$.fs.read`). The settings hooks keep putting the HUD in
 * the conversation; this module adds what they cannot: the pane beside the transcript, `/hud`, compaction
 * from durable state, and each request's usage for the cache ledger (the hooks then leave both to it).
 * `claude plugin validate` reads this file: `$` is spelled out at every call, never handed to a helper.
 */
import type {
  CommandInput,
  CommandResult,
  CompactInput,
  CompactResult,
  Dollar,
  McpResult,
  Next,
  On,
  RenderInput,
  StepInput,
} from "./types.ts";
import { errorOf, keyText, paneLines, parseAnswer, tailOf, type HudView } from "./view.ts";

/** JSX's factory in the hooks module's environment (a global there). */
declare const h: (tag: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

const SERVER = "hud";
const BRIDGE = "hud_mod";
const PANE = "agent-hud";
const HIDDEN_TOOL = "mcp__plugin_agent-hud_hud__hud_mod";

/** The server's name as `$.mcp.call` takes it, once connected; the session's settings from `hello`. */
let server: string | undefined;
/** The key the server wrote to the data folder: every `hud_mod` call carries it, or the server refuses it. */
let key = "";
let compaction: "summary" | "hud" = "summary";
/** What the pane drew last. */
let shown: HudView | undefined;
/** The session the pane shows (its poll runs outside any hook) and the poll itself. */
let sessionID: string | undefined;
let poll: { cancel(): void } | undefined;
const POLL_MS = 1_000;

const failed = (what: string, result: McpResult) => `agent-hud: ${what} failed: ${errorOf(result)}`;

export function register(on: On): void {
  on("session.start", async ($: Dollar, e: unknown, next: (e: unknown) => Promise<unknown>) => {
    const started = await next(e);
    const link = await $.mcp.connect(SERVER);
    if (!link.isConnected) {
      $.ui.log(`agent-hud: the hud MCP server is not connected (${link.message}); the settings hooks carry on`, {
        to: "debug",
      });
      return started;
    }
    server = link.server;
    sessionID = await $.session.id();
    const where = parseAnswer<{ path: string }>(await $.mcp.call(server, BRIDGE, { op: "key" }));
    // unread, every later call is refused and the settings hooks carry on as without the mod
    const read = where?.path ? await $.fs.read(where.path, { as: "text" }).catch((error: unknown) => error) : undefined;
    key = keyText(read);
    if (!key) $.ui.log(`agent-hud: the hud server's key could not be read (${String(read)})`, { to: "debug" });
    const hello = await $.mcp.call(server, BRIDGE, { op: "hello", session: sessionID, key });
    const answer = parseAnswer<{ compaction: "summary" | "hud"; off: boolean }>(hello);
    if (!answer) {
      $.ui.log(failed("hello", hello), { to: "debug" });
      return started;
    }
    compaction = answer.compaction;
    // hook processes started from now on leave compaction and usage to this module
    await $.env.set("AGENT_HUD_MOD", "1");
    await $.command.register({
      name: "hud",
      description: "agent-hud: show the HUD, or turn it off or on",
      argumentHint: "[off|on]",
    });
    await $.command.register({
      name: "hud-edit",
      description: "agent-hud: edit the HUD as the person (set the task, add a note, complete a step…)",
      argumentHint: "<operation> <text or id>",
    });
    // headless (`-p`, the SDK) has no surface to seat a pane on
    if ((await $.session.surfaces()).length === 0) return started;
    if (!answer.off) await $.ui.open({ id: PANE, title: "HUD" });
    // what changes the HUD outside a step (a hook's usage, the memory file, another process) shows within a
    // second: the view is read each second and the pane redrawn only when it differs from what it shows
    poll?.cancel();
    poll = $.clock.every(POLL_MS, () => {
      if (!server || !sessionID) return;
      void $.mcp
        .call(server, BRIDGE, { key, op: "view", session: sessionID })
        .then((view) => {
          const latest = parseAnswer<HudView>(view);
          if (latest && JSON.stringify(latest) !== JSON.stringify(shown)) $.ui.invalidate("ui.render");
        })
        .catch(() => undefined);
    });
    return started;
  });

  // the bridge tool is the mod's alone: the model is never offered it
  on("tool.offer", { tool: HIDDEN_TOOL }, () => ({ isOffered: false })).catch(() => ({ isOffered: false }));

  on("session.compact", async ($: Dollar, e: CompactInput, next: (e: CompactInput) => Promise<CompactResult>) => {
    if (!server || e.agentId !== undefined || e.trigger === "precompute") return next(e);
    const session = await $.session.id();
    if (compaction === "hud") {
      const reply = await $.mcp.call(server, BRIDGE, { key, op: "compact", session, ...tailOf(e.messages) });
      const summary = parseAnswer<{ text: string }>(reply);
      if (!summary) throw new Error(failed("the hud compaction", reply));
      $.ui.invalidate("ui.render");
      return { messages: [{ role: "user" as const, text: summary.text, toolUses: [] as [] }] };
    }
    const answer = await $.mcp.call(server, BRIDGE, { key, op: "instructions", session });
    const told = parseAnswer<{ text: string }>(answer);
    if (!told) throw new Error(failed("the compaction instructions", answer));
    const instructions = [e.instructions, told.text].filter((part) => part && part.trim()).join("\n\n");
    const result = await next({ ...e, instructions });
    await $.mcp.call(server, BRIDGE, { key, op: "compacted", session });
    return result;
  }).catch(async ($: Dollar, e: CompactInput, next: Next<CompactInput, CompactResult>) => {
    // whatever failed, the compaction runs as Claude Code's own; one that already ran stands
    $.ui.log("agent-hud: the compaction went on without the HUD (see the debug log)", { to: "debug" });
    return next.called ? undefined : next(e);
  });

  on("turn.step", async function* ($: Dollar, e: StepInput, next: (e: StepInput) => AsyncGenerator<unknown, any>) {
    // the request goes out now: its time is what the ledger judges an expired cache by
    const at = Date.now();
    const step = yield* next(e);
    // the main loop's requests only: a sub-agent's conversation is not the session's cache
    if (server && e.agentId === undefined && step?.usage) {
      const usage = await $.mcp.call(server, BRIDGE, {
        key,
        op: "usage",
        session: await $.session.id(),
        id: `${e.turnId}:${e.index}`,
        at,
        usage: step.usage,
      });
      if (usage.isError) $.ui.log(failed("recording usage", usage), { to: "debug" });
    }
    $.ui.invalidate("ui.render");
    return step;
  });

  on("turn.complete", async ($: Dollar, e: { agentId?: string }, next: (e: unknown) => Promise<unknown>) => {
    const ended = await next(e);
    if (!server || e.agentId !== undefined) return ended;
    const pending = parseAnswer<{ compact: boolean }>(
      await $.mcp.call(server, BRIDGE, { key, op: "pending", session: await $.session.id() }),
    );
    // `hud_compact` asked during the turn; Claude Code compacts between turns only, so it starts here
    if (pending?.compact) {
      try {
        const done = await $.session.compact();
        if (done.skip) $.ui.log(`agent-hud: hud_compact: the compaction was skipped: ${done.skip}`, { to: "debug" });
      } catch (error) {
        // headless Claude Code (`-p`, the SDK) has no `$.session.compact` yet; `/compact`, queued for when
        // the session is idle, is the same compaction (trigger `manual`)
        $.ui.log(`agent-hud: hud_compact through /compact: ${String(error)}`, { to: "debug" });
        await $.command.run({ command: "compact" });
      }
    }
    return ended;
  });

  on("session.measure", async ($: Dollar, e: unknown, next: (e: unknown) => Promise<unknown>) => {
    $.ui.invalidate("ui.render");
    // headless runs draw no pane: a test reads what it would draw through this line instead
    if (server && (await $.env.get("AGENT_HUD_MOD_DEBUG")) === "1") {
      const view = parseAnswer<HudView>(
        await $.mcp.call(server, BRIDGE, { key, op: "view", session: await $.session.id() }),
      );
      if (view)
        $.ui.log(
          `agent-hud pane:\n${paneLines(view)
            .map((line) => line.text)
            .join("\n")}`,
        );
    }
    return next(e);
  });

  on(
    "ui.render",
    { component: "Pane" },
    async ($: Dollar, e: RenderInput, next: (e: RenderInput) => Promise<unknown>) => {
      if (e.requestId !== PANE || !server) return next(e);
      // a call refused for a moment (a permission prompt holds the session) keeps the last rows drawn
      try {
        const answer = await $.mcp.call(server, BRIDGE, { key, op: "view", session: await $.session.id() });
        shown = parseAnswer<HudView>(answer) ?? shown;
      } catch (error) {
        $.ui.log(`agent-hud: the pane kept its last rows: ${String(error)}`, { to: "debug" });
      }
      const { Box, Text } = $.ui.resolve(e);
      if (!shown) return h(Text, { dimColor: true }, "agent-hud: the HUD could not be read yet");
      const rows = paneLines(shown).map((line, index) =>
        h(Text, { key: String(index), bold: line.bold, dimColor: line.dim, wrap: "wrap" }, line.text),
      );
      return h(Box, { flexDirection: "column" }, ...rows);
    },
  );

  on("command.run", { command: "hud" }, async ($: Dollar, e: CommandInput): Promise<CommandResult> => {
    if (!server) return { text: "agent-hud: the hud MCP server is not connected" };
    const session = await $.session.id();
    const word = e.args.trim().toLowerCase();
    if (word && word !== "off" && word !== "on")
      return { text: `agent-hud: /hud takes "off", "on" or nothing, got "${word}"` };
    const answer = word
      ? await $.mcp.call(server, BRIDGE, { key, op: "switch", session, off: word === "off" })
      : await $.mcp.call(server, BRIDGE, { key, op: "view", session });
    const view = parseAnswer<HudView>(answer);
    if (!view) return { text: failed("/hud", answer) };
    if (word === "off") await $.ui.close({ id: PANE });
    if (word === "on" && (await $.session.surfaces()).length > 0) await $.ui.open({ id: PANE, title: "HUD" });
    $.ui.invalidate("ui.render");
    const text = paneLines(view)
      .map((line) => line.text)
      .join("\n");
    return { text, isTextDisplayOnly: true };
  }).catch(() => ({ text: "agent-hud: /hud failed (see the debug log)" }));

  on("command.run", { command: "hud-edit" }, async ($: Dollar, e: CommandInput): Promise<CommandResult> => {
    if (!server) return { text: "agent-hud: the hud MCP server is not connected" };
    const answer = await $.mcp.call(server, BRIDGE, { key, op: "edit", session: await $.session.id(), text: e.args });
    const edit = parseAnswer<{ ok: boolean; text: string }>(answer);
    $.ui.invalidate("ui.render");
    return { text: edit ? edit.text : failed("/hud-edit", answer), isTextDisplayOnly: true };
  }).catch(() => ({ text: "agent-hud: /hud-edit failed (see the debug log)" }));
}
