// Hostile session ids and file paths entering through every hook: an id that is not a plain opencode id
// is refused before it can name a stream, a file or a SQL statement; a path or text with `../`, NUL,
// quotes or SQL is stored as data and shown as data. Nothing is ever created outside the store folder.
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { FakeOpencode } from "../helpers/fake-opencode.ts";
import { Conversation, hookFailures, startPlugin, tempRoot } from "../reliability/support.ts";

const GOOD = "ses_good01";
const HOSTILE_IDS = [
  "../x",
  "../../etc/passwd",
  "a/b",
  "..",
  ".",
  "ses\u0000x",
  "ses'x",
  'ses"x',
  "x'; DROP TABLE events;--",
  "ses_ok;DELETE FROM sessions",
  "ses_x\n",
  "%2e%2e%2f",
  "",
  " ",
  "a".repeat(129),
  "ses_🙂",
];
const HOSTILE_PATHS = [
  "../../../../var/agent-hud-escape",
  "/etc/shadow",
  "a\u0000b.ts",
  "x'; DROP TABLE events;--",
  'src/"quoted".ts',
  "C:\\Windows\\..\\system32",
  "~/.ssh/id_rsa",
  "$(touch pwned)",
  "`touch pwned`",
  "%00.ts",
];

let root: ReturnType<typeof tempRoot>;
let oc: FakeOpencode;
let conv: Conversation;
let before: string[];

/** Every file and folder under the test's root, relative to it. */
function tree(dir = root.root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    out.push(relative(root.root, path));
    if (statSync(path).isDirectory()) out.push(...tree(path));
  }
  return out.sort();
}

function db<T>(run: (db: Database) => T): T {
  const handle = new Database(join(root.storeDir, "hud.db"), { readonly: true });
  try {
    return run(handle);
  } finally {
    handle.close();
  }
}

beforeEach(async () => {
  root = tempRoot("hud-ids-");
  oc = await startPlugin(root.storeDir);
  conv = new Conversation(oc, GOOD);
  expect(await conv.hud("notes.add", { content: "kept" })).toBe("ok: added note n1");
  await conv.call("start");
  before = tree();
});
afterEach(async () => {
  await oc.close();
  root.cleanup();
});

/** Only the store's own files may have appeared, and the database still has its tables and rows. */
function expectNothingEscaped(): void {
  const created = tree().filter((p) => !before.includes(p));
  // the store's own files (recall.db opens at the first idle moment, so it may be new here too)
  expect(created.filter((p) => !/^store\/(hud|recall)\.db(-wal|-shm)?$/.test(p))).toEqual([]);
  const tables = db((d) =>
    (d.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map(
      (r) => r.name,
    ),
  );
  expect(tables).toEqual(expect.arrayContaining(["events", "sessions"]));
  const streams = db((d) =>
    (d.query("SELECT DISTINCT stream FROM events").all() as Array<{ stream: string }>).map((r) => r.stream),
  );
  for (const stream of streams) expect(stream).toMatch(/^(session:[A-Za-z0-9_-]{1,128}|project:[0-9a-f]{16})$/);
  const sessions = db((d) => d.query("SELECT * FROM sessions").all() as Array<Record<string, unknown>>);
  for (const row of sessions)
    for (const value of Object.values(row))
      if (typeof value === "string") expect(value).not.toMatch(/['"\u0000/]|\.\./);
}

describe("hostile session ids", () => {
  test("the hud tool refuses them with one line naming the accepted shape", async () => {
    for (const id of HOSTILE_IDS) {
      const error = await oc.hud(id, "notes.add", { content: "should not be stored" }).then(
        () => undefined,
        (e: Error) => e.message,
      );
      expect(error).toMatch(/^invalid session id .*expected 1-128 characters from A-Z a-z 0-9 _ -$/);
      expect(error).not.toContain("\n");
    }
    expect(await conv.hud("notes.list")).not.toContain("should not be stored");
    expectNothingEscaped();
  });

  test("every hook given them returns normally and records nothing", async () => {
    for (const id of HOSTILE_IDS) {
      const messages = [oc.user(id, "hi"), oc.assistant(id, 5_000), oc.user(id, "again")];
      expect((await oc.transform(messages)).length).toBe(messages.length); // no HUD for an id we refuse
      await oc.system(id);
      await oc.hooks["tool.execute.after"](
        { tool: "read", sessionID: id, callID: "c", args: { filePath: "src/evil.ts" } } as never,
        {} as never,
      );
      await oc.event("todo.updated", { sessionID: id, todos: [{ content: "evil todo", status: "pending" }] });
      await oc.event("session.compacted", { sessionID: id });
      await oc.event("session.idle", { sessionID: id });
      await oc.event("message.updated", {
        info: {
          id: "msg_e",
          sessionID: id,
          role: "assistant",
          tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } },
        },
      });
      await oc.event("session.created", { info: { id, parentID: GOOD } });
      await oc.event("session.updated", { info: { id: "ses_child01", parentID: id } });
    }
    const { hud } = await conv.call("still fine");
    expect(hud).toContain("kept");
    expect(hud).not.toMatch(/evil/);
    const recorded = db(
      (d) => d.query("SELECT COUNT(*) AS n FROM events WHERE payload LIKE '%evil%'").get() as { n: number },
    );
    expect(recorded.n).toBe(0);
    // each refusal was logged as one line, never thrown into opencode
    expect(hookFailures(oc.logs).length).toBeGreaterThan(0);
    for (const line of hookFailures(oc.logs)) expect(line).not.toContain("\n");
    expectNothingEscaped();
  });
});

describe("hostile paths and text are data", () => {
  test("file paths from tool args and file.edited: shown literally, never opened or created", async () => {
    for (const path of HOSTILE_PATHS) await conv.toolDone("read", { filePath: path });
    for (const path of HOSTILE_PATHS.slice(0, 4)) await oc.event("file.edited", { file: `${path}.e` });
    await conv.toolDone("apply_patch", { patchText: HOSTILE_PATHS.map((p) => `*** Update File: ${p}`).join("\n") });
    const listed = await conv.hud("files.list");
    for (const path of [
      "/etc/shadow",
      "x'; DROP TABLE events;--",
      "$(touch pwned)",
      "~/.ssh/id_rsa",
      "C:\\Windows\\..\\system32",
    ])
      expect(listed).toContain(path);
    const stored = db((d) =>
      (
        d.query("SELECT payload FROM events WHERE kind IN ('file.open', 'file.edit')").all() as Array<{
          payload: string;
        }>
      ).map((r) => JSON.parse(r.payload).path as string),
    );
    for (const path of HOSTILE_PATHS) expect(stored).toContain(path);
    // resolved the way a careless tool would, none of them exists
    for (const path of [
      resolve(oc.directory, HOSTILE_PATHS[0]!),
      join(oc.directory, "pwned"),
      join(process.cwd(), "pwned"),
    ])
      expect(existsSync(path)).toBe(false);
    expectNothingEscaped();
  });

  test("agent text with SQL and path syntax through the tool round-trips exactly", async () => {
    const texts = [
      "'); DROP TABLE events; --",
      '" OR 1=1 --',
      "../../../../etc/passwd",
      "a\u0000b",
      "Robert'); DELETE FROM sessions;--",
    ];
    for (const text of texts) {
      expect(await conv.hud("notes.add", { content: text })).toMatch(/^ok: added note n\d+$/);
      expect(await conv.hud("keyfiles.add", { path: text })).toMatch(/^ok: added key file k\d+$/);
    }
    const snapshot = await conv.hud("snapshot");
    for (const text of texts.filter((t) => !t.includes("\u0000"))) expect(snapshot).toContain(text);
    const contents = db((d) =>
      (d.query("SELECT payload FROM events WHERE kind = 'note.add'").all() as Array<{ payload: string }>).map(
        (r) => JSON.parse(r.payload).content as string,
      ),
    );
    // stored exactly, except the NUL, which came in contained (U+FFFD) like every control character
    expect(contents).toEqual(["kept", ...texts.map((t) => t.replace("\u0000", "\ufffd"))]);
    expectNothingEscaped();
  });
});
