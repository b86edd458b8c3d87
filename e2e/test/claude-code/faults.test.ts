// Faults in Claude Code: a hook meeting a broken database lets the turn go on and the next call recovers;
// the MCP server killed mid-session loses nothing.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { lstatSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CLAUDE_PLUGIN_ROOT } from "../../harness/claude.ts";
import {
  currentHud,
  fullCopies,
  hud,
  mainLoop,
  pluginFiles,
  requestText,
  startClaudeHud,
  toolResults,
  type ClaudeHud,
} from "../../harness/claude-hud.ts";
import { processTree } from "../../harness/process-files.ts";

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud();
});
afterAll(() => env?.stop());

/**
 * The session's MCP server keeps its database connection and SQLite's cached pages, so a hook it answers may
 * never read the overwritten file. Unlinking its socket makes every hook run in a process of its own, with a
 * fresh connection that must meet the broken file (the server still listens; nothing can reach it).
 */
function hooksInOwnProcess(home: string): number {
  const sockets = readdirSync(home, { recursive: true, encoding: "utf8" })
    .map((name) => join(home, name))
    .filter((path) => basename(dirname(path)) === "sock" && lstatSync(path).isSocket());
  for (const path of sockets) unlinkSync(path);
  return sockets.length;
}

test("a broken database met by a hook in its own process: the turn goes on without HUD context, and the call after the repair has the HUD", async () => {
  const { api, session, project } = env;
  api.script({ toolUses: [hud("task.set", { description: "Keep going through faults" })] }, { text: "set" });
  await session.send("set the task");
  expect(hooksInOwnProcess(project.home)).toBeGreaterThanOrEqual(1);
  const databases = pluginFiles(project.home).filter((f) => /\.db(-wal|-shm)?$/.test(f.path));
  expect(databases.map((f) => f.path.split("/").at(-1))).toContain("hud.db");
  const saved = databases.map((f) => ({ path: f.path, bytes: readFileSync(f.path) }));
  const main = databases.find((f) => f.path.endsWith("/hud.db"))!;
  writeFileSync(main.path, Buffer.alloc(8192, "not a database "));

  // each hook process links itself to its Claude Code process on start, before it opens any database
  const hookProcesses = () => pluginFiles(project.home).filter((f) => basename(dirname(f.path)) === "links").length;
  const started = hookProcesses();
  const before = mainLoop(api).at(-1)!;
  api.script({ text: "went on" });
  const result = await session.send("keep going");
  expect(result.result).toBe("went on");
  const broken = mainLoop(api).at(-1)!;
  // no HUD block and no error text was appended by the failing hook
  expect(fullCopies(broken)).toBe(fullCopies(before));
  const appended = requestText(broken).slice(requestText(before).length);
  expect(appended).not.toMatch(/SQLITE|malformed|not a database|Error:|at .+:\d+:\d+/i);

  // a hook did run in its own process during the broken turn, so it opened the broken file itself (whether
  // it logs that depends on where the open fails, which is not what this test is about)
  expect(hookProcesses()).toBeGreaterThan(started);

  for (const file of saved) writeFileSync(file.path, file.bytes, { mode: 0o600 });
  api.script(
    { toolUses: [hud("notes.add", { content: "written after the repair" })] },
    { toolUses: [{ name: "Read", input: { file_path: `${project.dir}/README.md` } }] },
    { toolUses: [hud("files.list")] },
    { text: "recovered" },
  );
  await session.send("and on");
  const [prompted, afterNote, afterRead, afterList] = mainLoop(api).slice(-4);
  expect(currentHud(prompted!)).toBeDefined();
  expect(toolResults(afterNote!).at(-1)).toMatch(/ok: added note n\d/);
  expect(currentHud(afterRead!)).toContain("README.md");
  // the tool's server and the hooks still share one database after the fault: the hook's file fact is listed
  expect(toolResults(afterList!).at(-1)).toContain("README.md");
});

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};
const mcpServers = () =>
  processTree(env.session.proc.pid)
    .slice(1)
    .filter((pid) => cmdline(pid).includes(CLAUDE_PLUGIN_ROOT));

test("the MCP server killed mid-session loses nothing: the next hud call answers with the state", async () => {
  const { api, session } = env;
  api.script({ toolUses: [hud("notes.add", { content: "survives a server restart" })] }, { text: "added" });
  await session.send("add a note");
  const [server] = mcpServers();
  expect(server).toBeDefined();
  process.kill(server!, "SIGKILL");
  await session.waitFor(() => !mcpServers().includes(server!), 10_000, "the MCP server to exit");

  api.script({ toolUses: [hud("notes.list")] }, { toolUses: [hud("task.get")] }, { text: "checked" });
  await session.send("what do we have?");
  const [afterList, afterGet] = mainLoop(api).slice(-2);
  expect(toolResults(afterList!).at(-1)).toContain("survives a server restart");
  expect(toolResults(afterGet!).at(-1)).toContain("Keep going through faults");
  expect(currentHud(afterGet!)).toBeDefined();
});
