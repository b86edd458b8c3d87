// `bun run bench` at the repository root: every benchmark module in one run, one section each.
import { runPluginBench } from "./plugin.ts";
import { runStoreBench } from "./store.ts";
import { runUjsxBench } from "./ujsx.ts";

const sections: Array<[string, () => Promise<void>]> = [
  ["ujsx: markdown rendering, dev vs production validation", runUjsxBench],
  // TODO(coordinator): add ["hud-components: HUD render", runHudBench] from ./hud.ts once bench/hud.ts is committed.
  ["event store: append, catch-up, cold replay, memory", runStoreBench],
  ["plugin: per-call hook overhead, HUD growth with items", runPluginBench],
];

for (const [title, run] of sections) {
  console.log(`\n${"=".repeat(100)}\n# ${title}\n${"=".repeat(100)}`);
  await run();
}
