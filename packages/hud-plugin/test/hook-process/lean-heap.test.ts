import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { serveHooks } from "../../src/hook-process/hook-socket.ts";
import { afterWork, heapCollector, leanHeap } from "../../src/hook-process/lean-heap.ts";
import { ToolServer } from "../../src/host/mcp-stdio.ts";

/** A heap whose size the test sets, and a collector on it that counts its looks and collections. */
function fakeHeap(growth: number) {
  const heap = { size: 0, live: 0, looks: 0, collections: 0 };
  const work = heapCollector({
    delayMs: 1,
    growth,
    size: () => {
      heap.looks++;
      return heap.size;
    },
    collect: () => {
      heap.collections++;
      heap.size = heap.live;
    },
  });
  // the collector read the size once when made: looks count from here
  heap.looks = 0;
  const looked = async (looks: number) => {
    for (let i = 0; i < 500 && heap.looks < looks; i++) await Bun.sleep(1);
    expect(heap.looks).toBeGreaterThanOrEqual(looks);
  };
  return { heap, work, looked };
}

describe("a server's heap, collected after work", () => {
  test("collects once the heap grew by the threshold since the last collection, not before", async () => {
    const { heap, work, looked } = fakeHeap(100);
    heap.size = 99;
    work();
    await looked(1);
    expect(heap.collections).toBe(0);
    heap.size = 150;
    heap.live = 20;
    work();
    // one look before the collection, one after it (the new floor)
    await looked(3);
    expect(heap.collections).toBe(1);
    // 80 over the floor of 20 is not enough; 100 is
    heap.size = 100;
    work();
    await looked(4);
    expect(heap.collections).toBe(1);
    heap.size = 120;
    work();
    await looked(6);
    expect(heap.collections).toBe(2);
  });

  test("work within one wait shares one look", async () => {
    const { heap, work, looked } = fakeHeap(100);
    work();
    work();
    work();
    await looked(1);
    // a later look: any other pending from the first three would have come before it
    work();
    await looked(2);
    expect(heap.looks).toBe(2);
  });

  test("a collection that took long holds the next look off for 19 times as long", async () => {
    let size = 0;
    const collected: number[] = [];
    const looks: number[] = [];
    const work = heapCollector({
      delayMs: 1,
      growth: 1,
      size: () => (looks.push(performance.now()), size),
      collect: () => {
        const started = performance.now();
        while (performance.now() - started < 20);
        collected.push(performance.now());
      },
    });
    size = 10;
    work();
    for (let i = 0; i < 500 && collected.length < 1; i++) await Bun.sleep(1);
    expect(collected).toHaveLength(1);
    size = 20;
    work();
    for (let i = 0; i < 2000 && collected.length < 2; i++) await Bun.sleep(1);
    expect(collected).toHaveLength(2);
    // the second collection's look came no sooner than 19 x 20 ms after the first ended
    expect(looks.at(-2)! - collected[0]!).toBeGreaterThanOrEqual(19 * 20 - 1);
  });

  test("a pending look keeps no process alive: a server the host closed exits at once", async () => {
    const module = join(import.meta.dir, "../../src/hook-process/lean-heap.ts");
    const proc = Bun.spawn(
      [
        "bun",
        "-e",
        `const m = await import(${JSON.stringify(module)}); m.leanHeap({ delayMs: 600000 }); m.afterWork();`,
      ],
      { stdout: "ignore", stderr: "pipe" },
    );
    const started = performance.now();
    expect(await proc.exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  test("a server's answers lead to a look: a hud call over MCP and a forwarded hook; none once turned off", async () => {
    let looks = 0;
    const off = leanHeap({ delayMs: 1, growth: Infinity, size: () => looks++ });
    const waitLooks = async (n: number) => {
      for (let i = 0; i < 500 && looks < n; i++) await Bun.sleep(1);
      expect(looks).toBeGreaterThanOrEqual(n);
    };
    const dir = mkdtempSync(join(tmpdir(), "lean-heap-"));
    const served = serveHooks(dir, async () => ({ reply: "ok" }));
    try {
      // the collector's own read when made
      expect(looks).toBe(1);
      const server = new ToolServer({ name: "hud", version: "0.1.0" });
      server.setRequestHandler("tools/call", async () => ({ content: [{ type: "text", text: "done" }] }));
      const client = new Client({ name: "claude-code", version: "2.1.332" });
      const [a, b] = InMemoryTransport.createLinkedPair();
      await Promise.all([server.connect(a), client.connect(b)]);
      await waitLooks(2);
      await client.callTool({ name: "hud", arguments: {} });
      await waitLooks(3);
      await client.close();

      expect(served).toBeDefined();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(served!.path, () => socket.write('{"hook":1}\n'));
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString("utf8")));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      expect(JSON.parse(answer)).toEqual({ reply: "ok" });
      await waitLooks(4);

      off();
      afterWork();
      // a look of another collector, scheduled after it with the same wait, comes after any the first made
      let reads = 0;
      const flushed = new Promise<void>((resolve) =>
        // its first read is its own when made, the second its look
        heapCollector({ delayMs: 1, size: () => (++reads === 2 && resolve(), 0) })(),
      );
      await flushed;
      expect(looks).toBe(4);
    } finally {
      off();
      served?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
