// One event port (events/host-event.ts): each host translates its own events into it in its own folder,
// src/host/<host>/. A host's event shape anywhere else means the runtime reads that host again, and the
// other hosts are dressed up as it (opencode 2 and Claude Code once were, as opencode 1's bus events).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { folderGraph, sourceFiles } from "../../../../scripts/folder-graph.ts";

const SRC = resolve(import.meta.dir, "../../src");

/** The shapes, by host: what its events are called and how their payload is reached. */
const SHAPES: Array<[string, RegExp]> = [
  ["opencode 1 bus event type", /["'`]message\.(?:part\.)?updated["'`]/],
  ["opencode 1 bus event type", /\bBusEvent\b/],
  ["opencode 1 bus payload", /\bevent\.properties\b|\bproperties\s*(?:\?\.|\.|\[|\?\.\[)\s*["']?(?:info|part)\b/],
  ["opencode 2 event frame", /\bEventFrame\b|["'`]session\.(?:step|text|tool|execution|compaction)\.[a-z.]+["'`]/],
  ["Claude Code transcript line", /\btool_use_id\b|\bis_error\b|["'`]tool_(?:use|result)["'`]/],
  // the SDK client's calls: the runtime gets a log, a toast and a compaction as its own ports
  ["opencode 1 SDK client", /\b(?:app\??\.log|tui\??\.showToast|session\??\.summarize)\b/],
  ["opencode 1 request message", /\bTransformMessage\b/],
];

/** `file: shape` for every host shape found outside a host's own folder (files relative to src/). */
function shapesOutsideHosts(read: (file: string) => string, files: string[]): string[] {
  return files
    .map((f) => f.slice(SRC.length + 1))
    .filter((f) => !/^host\/[^/]+\//.test(f))
    .flatMap((f) => {
      const text = read(join(SRC, f));
      return SHAPES.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${f}: ${name}`);
    })
    .sort();
}

describe("a host's event shapes stay in its folder", () => {
  test("the check sees a bus event read in recall and a frame in the runtime (so the real check can fail)", () => {
    const files = ["recall/recall.ts", "runtime/x.ts", "host/v1/bus.ts", "host/x.ts", "tools/y.ts"].map((f) =>
      join(SRC, f),
    );
    const text: Record<string, string> = {
      [files[0]!]: `if (event.type === "message.part.updated") this.index.part(event.properties?.["part"]);`,
      [files[1]!]: `if (frame.type === "session.step.ended") use(frame.data);`,
      [files[2]!]: `case "message.updated": return messageOf(p["info"]); // event.properties.info`,
      // a file beside the host folders is no host's folder
      [files[3]!]: `type BusEvent = { type: string };`,
      [files[4]!]: `await deps.client.session.summarize({ path: { id } });`,
    };
    expect(shapesOutsideHosts((f) => text[f] ?? "", files)).toEqual([
      "host/x.ts: opencode 1 bus event type",
      "recall/recall.ts: opencode 1 bus event type",
      "recall/recall.ts: opencode 1 bus payload",
      "runtime/x.ts: opencode 2 event frame",
      "tools/y.ts: opencode 1 SDK client",
    ]);
  });

  test("no file outside src/host/<host>/ names a host's event type or reaches into its payload", () => {
    const files = sourceFiles(SRC);
    const read = (f: string) => readFileSync(f, "utf8");
    // every pattern matches in its host's folder, so an empty list below means something
    const inHosts = files.filter((f) => /\/host\/[^/]+\//.test(f)).map(read);
    for (const [name, pattern] of SHAPES) expect(`${name}: ${inHosts.some((t) => pattern.test(t))}`).toEndWith("true");
    expect(shapesOutsideHosts(read, files)).toEqual([]);
  });

  test("the port, recall and the cache ledger import no host's folder", () => {
    const graph = folderGraph(SRC, sourceFiles(SRC), (f) => readFileSync(f, "utf8"));
    // the scan sees the hosts' imports of the port (a graph that read nothing would pass vacuously)
    expect(graph.get("host")?.has("events")).toBe(true);
    expect(graph.get("recall")?.has("events")).toBe(true);
    for (const folder of ["events", "recall", "cache-ledger"])
      expect(`${folder}: ${graph.get(folder)?.has("host")}`).toBe(`${folder}: false`);
  });
});
