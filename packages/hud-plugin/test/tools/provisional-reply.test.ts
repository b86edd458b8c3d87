import { expect, test } from "bun:test";
import { provisionalReply } from "../../src/tools/provisional-reply.ts";

test("only item-creating operations with a buffered outcome get the no-id reply, naming where the id will show", () => {
  expect(provisionalReply("notes.add", [{ ok: true, id: "n1" }])).toBeUndefined();
  expect(provisionalReply("notes.remove", [{ ok: true, id: "n1", pending: true }])).toBeUndefined();
  expect(provisionalReply("keyfiles.add", [{ ok: true, id: "k1", pending: true }])).toBe(
    "ok: key file recorded in memory; the database is not taking writes right now, so its id is assigned when it is written — see hud project.list",
  );
  expect(
    provisionalReply("resume", [
      { ok: true, id: "t" },
      { ok: true, id: "s4", pending: true },
    ]),
  ).toBe(
    "ok: task and open steps recorded in memory; the database is not taking writes right now, so their ids are assigned when they are written — see hud snapshot",
  );
});
