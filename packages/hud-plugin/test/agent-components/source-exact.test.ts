import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fake } from "../privacy/corpus.ts";
import { type FakeOpencode } from "../helpers/fake-opencode.ts";
import { relaxedOpencodePerTest } from "./support.ts";

let oc: FakeOpencode;
relaxedOpencodePerTest((instance) => (oc = instance));

/** The sources of the component definitions as `hud.db` holds them. */
function storedSources(): string[] {
  const files = readdirSync(oc.storageDir, { recursive: true, encoding: "utf8" });
  const path = files.find((file) => file.endsWith("hud.db"));
  if (!path) throw new Error(`no hud.db under the store (${files.join(", ")})`);
  const db = new Database(join(oc.storageDir, path), { readonly: true });
  try {
    const rows = db.query("SELECT payload FROM events WHERE kind = 'component.define' ORDER BY seq").all() as Array<{
      payload: string;
    }>;
    return rows.map((row) => (JSON.parse(row.payload) as { source: string }).source);
  } finally {
    db.close();
  }
}

describe("a stored component's source", () => {
  test("is kept byte-exact, even where a name says token (const token = density …)", async () => {
    const source = `export default function Dense({ density }) {
  const token = density === "full" ? "F" : "m";
  const passwordHint = density;
  return <paragraph>{token} {passwordHint}</paragraph>;
}`;
    expect(await oc.hud("ses_a", "components.define", { name: "Dense", source })).toStartWith(
      "ok: defined component Dense (session)",
    );
    expect(storedSources()).toEqual([source]);
    expect(await oc.hud("ses_a", "components.show", { name: "Dense" })).toContain(source);
  });

  test("holding a real secret is refused at define time with one line, and nothing is stored", async () => {
    const github = `ghp_${fake(36)}`;
    const cases: Array<[string, string]> = [
      [`export default () => <paragraph>${github}</paragraph>;`, "github"],
      [
        `const password = "correct-horse-battery";\nexport default () => <paragraph>{password.length}</paragraph>;`,
        "env-secret",
      ],
    ];
    for (const [source] of cases) {
      const reply = await oc.hud("ses_a", "components.define", { name: "Leak", source }).catch((e: Error) => e.message);
      expect(reply).toStartWith("components.define: Leak: the source holds a secret ([redacted:");
      expect(reply).toEndWith("a component is stored as written, so read such data from the props instead");
      expect(reply.split("\n")).toHaveLength(1);
      expect(reply).not.toContain(github);
    }
    expect(storedSources()).toEqual([]);
    expect(await oc.hud("ses_a", "components.list")).toStartWith("components: none");
  });
});
