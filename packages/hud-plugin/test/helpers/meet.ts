// Where processes of one test wait for each other: each leaves a file `<mark>-<name>` in `barrier` and goes on
// once every peer's file of that mark is there, or throws after 20 s (a peer that died never arrives).
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export async function meet(barrier: string, mark: string, name: string, peers: string[]): Promise<void> {
  writeFileSync(join(barrier, `${mark}-${name}`), "");
  const deadline = Date.now() + 20_000;
  while (!peers.every((peer) => existsSync(join(barrier, `${mark}-${peer}`)))) {
    if (Date.now() > deadline) throw new Error(`${name}: peers never reached "${mark}"`);
    await Bun.sleep(1);
  }
}
