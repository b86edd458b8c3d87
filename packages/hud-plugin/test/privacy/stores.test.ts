import { afterEach, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fakeOpencode, hostTurn, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { fake } from "./corpus.ts";

let oc: FakeOpencode | undefined;
afterEach(async () => {
  await oc?.close();
  oc = undefined;
});

const SESSION = "ses_privacy";

/** Every file under a folder, as bytes (databases, their -wal and -shm, the board). */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

/** A session that met secrets everywhere the plugin stores text: tool output, a note, a message part, the HUD. */
async function meetSecrets(options?: Record<string, unknown>) {
  oc = await fakeOpencode(options);
  const secrets = {
    aws: `AKIA${fake(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}`,
    github: `ghp_${fake(36)}`,
    db: fake(18),
  };
  const output = `AWS key ${secrets.aws}\ntoken ${secrets.github}\nDB_PASSWORD=${secrets.db}\n`;
  await oc.hooks["tool.execute.after"](
    { tool: "bash", sessionID: SESSION, callID: "c1", args: { command: "cat .env" } } as never,
    {
      title: "",
      output,
      metadata: { exit: 0 },
    } as never,
  );
  await oc.hud(SESSION, "notes.add", { content: `deploy with ${secrets.github}` });
  await oc.event("message.updated", {
    info: { id: "msg_1", sessionID: SESSION, role: "assistant", time: { created: Date.now() } },
  });
  await oc.event("message.part.updated", {
    part: {
      id: "prt_1",
      sessionID: SESSION,
      messageID: "msg_1",
      type: "tool",
      tool: "bash",
      state: { status: "completed", input: { command: "cat .env" }, output },
    },
  });
  await oc.transform([oc.user(SESSION, "go on")]);
  // the turn ends: recall.db opens at this first idle moment and writes what waited (its catch-up and
  // retention follow a second later, so the message carries today's time: a 1970 one would be pruned)
  await oc.event("session.idle", { sessionID: SESSION });
  await hostTurn();
  return { oc, secrets };
}

test("no byte of a secret reaches hud.db, recall.db, their WAL files or the board; search finds the redacted line", async () => {
  const { oc, secrets } = await meetSecrets();
  const files = filesUnder(oc.storageDir);
  expect(files.map((f) => f.path).some((p) => p.endsWith("recall.db"))).toBe(true);
  expect(files.some((f) => f.bytes.includes("[redacted:aws-access-key]"))).toBe(true);
  for (const { path, bytes } of files)
    for (const secret of Object.values(secrets))
      expect({ path, found: bytes.includes(secret) }).toEqual({ path, found: false });
  const answer = await oc.hud(SESSION, "search", { query: "AWS" });
  // search marks the words it matched with « »
  expect(answer).toContain("«AWS» key [redacted:«aws»-access-key]");
});

test("with privacy.redact false the values are stored as they were (the switch is real)", async () => {
  const { oc, secrets } = await meetSecrets({ privacy: { redact: false } });
  const files = filesUnder(oc.storageDir);
  expect(files.some((f) => f.bytes.includes(secrets.github))).toBe(true);
});

test("recall.enabled false: no recall.db at all, and search answers in one line that recall is off", async () => {
  const { oc } = await meetSecrets({ recall: { enabled: false } });
  expect(existsSync(join(oc.storageDir, "recall.db"))).toBe(false);
  expect(filesUnder(oc.storageDir).some((f) => f.path.includes("recall"))).toBe(false);
  const answer = await oc.hud(SESSION, "search", { query: "AWS" });
  expect(answer.trim().split("\n")).toHaveLength(1);
  expect(answer).toContain("recall is off");
});
