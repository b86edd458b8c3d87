import { describe, expect, test } from "bun:test";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { relaxedOpencodePerTest } from "./support.ts";

let oc: FakeOpencode;
relaxedOpencodePerTest((instance) => (oc = instance));

const checklist = `export default function Checklist({ state, density }) {
  const open = state.steps.filter((s) => !s.done);
  if (density === "minimal") return <paragraph><strong>Open</strong> {open.length}</paragraph>;
  return (
    <section>
      <paragraph><strong>Checklist</strong> {open.length} open</paragraph>
      <list>{open.map((s) => <item checked={false}><paragraph>{s.description}</paragraph></item>)}</list>
    </section>
  );
}`;

describe("components.define through the hud tool", () => {
  test("defined in one call, shown in the next request's HUD, following the state", async () => {
    await oc.hud("ses_a", "steps.add", { description: "migrate users" });
    const reply = await oc.hud("ses_a", "components.define", { name: "Checklist", source: checklist, after: "steps" });
    expect(reply).toStartWith("ok: defined component Checklist (session), shown after steps from the next request");
    expect(reply).toContain("- [ ] migrate users");
    const messages = [oc.user("ses_a", "go")];
    const hud = tailText(await oc.transform(messages), messages);
    expect(hud).toContain("**Checklist** 1 open");
    await oc.hud("ses_a", "steps.add", { description: "migrate orders" });
    expect(tailText(await oc.transform(messages), messages)).toContain("**Checklist** 2 open");
  });

  test("a syntax error is refused with its line and column; an import is refused; nothing is recorded", async () => {
    const bad = await oc
      .hud("ses_a", "components.define", {
        name: "Bad",
        source: "export default function Bad() {\n  return <section>;\n}",
      })
      .catch((e: Error) => e.message);
    expect(bad).toBe("components.define: Bad: SyntaxError: Unexpected token at line 2:19 (return <section>;)");
    const imported = await oc
      .hud("ses_a", "components.define", {
        name: "Imp",
        source: 'import fs from "node:fs";\nexport default () => null;',
      })
      .catch((e: Error) => e.message);
    expect(imported).toBe(
      'components.define: Imp: imports are not available in the sandbox (found "node:fs"); write helpers in the same source and read data from the props',
    );
    expect(await oc.hud("ses_a", "components.list")).toStartWith("components: none");
  });

  test("the preamble stays byte-stable whatever the agent defines", async () => {
    const before = await oc.system("ses_a");
    await oc.hud("ses_a", "components.define", { name: "Checklist", source: checklist, scope: "project" });
    expect(await oc.system("ses_a")).toEqual(before);
    await oc.hud("ses_a", "components.remove", { name: "Checklist" });
    expect(await oc.system("ses_a")).toEqual(before);
  });

  test("agentComponents.enabled false: a definition is refused in one line and one defined before is hidden", async () => {
    await oc.hud("ses_a", "steps.add", { description: "migrate users" });
    await oc.hud("ses_a", "components.define", { name: "Checklist", source: checklist });
    const messages = [oc.user("ses_a", "go")];
    expect(tailText(await oc.transform(messages), messages)).toContain("**Checklist** 1 open");
    // a second instance over the same data, with the option off
    const off = await fakeOpencode({ storageDir: oc.storageDir, agentComponents: { enabled: false } });
    try {
      const refused = await off
        .hud("ses_a", "components.define", { name: "Other", source: checklist })
        .catch((e: Error) => e.message);
      expect(refused).toBe(
        "components.define: agent components are off for this project (agentComponents.enabled: false in agent-hud.jsonc)",
      );
      const hud = tailText(await off.transform(messages), messages);
      expect(hud).toContain("migrate users");
      expect(hud).not.toContain("Checklist");
    } finally {
      await off.close();
    }
  });
});
