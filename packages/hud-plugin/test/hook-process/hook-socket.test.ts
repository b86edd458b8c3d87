// The hook socket's own behaviour, both ends: what is too large for one write still arrives whole, text is
// decoded across reads, hooks are answered in the order they came, and a server that is gone or broken gives
// the hook what it needs to go on (run in-process, or one line of error).
import { afterEach, describe, expect, test } from "bun:test";
import { lstatSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../helpers/hermetic-env.ts";
import { forward } from "../../src/hook-process/forward.ts";
import { serveHooks, type HookAnswer } from "../../src/hook-process/hook-socket.ts";
import { processKey } from "../../src/hook-process/process-key.ts";
import { socketPath } from "../../src/hook-process/socket-path.ts";

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

/** A server in a fresh host folder (short: a unix socket path stays under about 100 bytes). */
function serving(run: HookAnswer<unknown>) {
  const root = mkdtempSync(join(tmpdir(), "k-"));
  const host = join(root, "h");
  const served = serveHooks(host, run);
  if (!served) throw new Error("no hook socket was made");
  cleanup.push(() => {
    served.close();
    rmSync(root, { recursive: true, force: true });
  });
  return { host, served };
}

// a line of 4 MiB: far past what a unix socket's buffer takes in one write, so both ends wait for drain
const big = "é€😀 x".repeat(512 * 1024);

describe("the hook socket", () => {
  test("a 4 MiB hook and a 4 MiB answer each arrive whole, multi-byte characters intact across reads", async () => {
    const { host } = serving(async (input) => ({ reply: { echoed: input["text"] } }));
    const answer = await forward<{ echoed: string }>(JSON.stringify({ text: big }), host);
    expect(answer?.reply?.echoed.length).toBe(big.length);
    expect(answer?.reply?.echoed === big).toBe(true);
  });

  test("hooks are run one at a time, answered in the order they came", async () => {
    const order: string[] = [];
    let running = 0;
    const { host } = serving(async (input) => {
      running++;
      expect(running).toBe(1);
      order.push(`start ${input["n"]}`);
      await Bun.sleep(input["n"] === 1 ? 20 : 0);
      order.push(`end ${input["n"]}`);
      running--;
      return { reply: input["n"] };
    });
    const answers = await Promise.all([1, 2, 3].map((n) => forward<number>(JSON.stringify({ n }), host)));
    expect(answers.map((a) => a?.reply)).toEqual([1, 2, 3]);
    expect(order).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  });

  test("a failure in the hook comes back as one line of error; a stale socket file sends the hook in-process", async () => {
    const { host, served } = serving(async () => {
      throw new Error("the store is locked");
    });
    expect(await forward(JSON.stringify({}), host)).toEqual({ error: "the store is locked" });
    served.close();
    // the socket of a server that was killed: its file is left, nothing listens there
    const path = socketPath(host, processKey(process.ppid))!;
    const killed = Bun.spawn(
      [
        "bun",
        "-e",
        `Bun.listen({ unix: ${JSON.stringify(path)}, socket: { data() {} } }); console.log("up"); setInterval(() => {}, 1e6)`,
      ],
      { stdout: "pipe" },
    );
    await killed.stdout.getReader().read();
    killed.kill("SIGKILL");
    await killed.exited;
    expect(lstatSync(path).isSocket()).toBe(true);
    expect(await forward(JSON.stringify({}), host)).toBeUndefined();
  });

  test("split hook attack: a hook's JSON with line breaks between its tokens is still one hook, run once, whole", async () => {
    const seen: unknown[] = [];
    const { host } = serving(async (input) => {
      seen.push(input);
      return { reply: "ran" };
    });
    // the second line alone would be a hook of its own if the server split on it
    const raw = '{"tool_input": "x",\n"hook_event_name": "SessionStart"}\n{"hook_event_name": "Stop"}';
    expect(await forward(raw, host)).toEqual({ error: expect.stringContaining("JSON") });
    expect(seen).toEqual([]);
    expect(await forward('{"tool_input": "x",\n"hook_event_name": "SessionStart"}', host)).toEqual({ reply: "ran" });
    expect(seen).toEqual([{ tool_input: "x", hook_event_name: "SessionStart" }]);
  });
});
