import type { Static } from "@sinclair/typebox";
import { SchemaBuilders as Type } from "@agent-hud/hud-components/internal";
import { Check } from "@sinclair/typebox/value";

const Density = Type.Union([Type.Literal("full"), Type.Literal("compact"), Type.Literal("minimal")]);

/**
 * A HUD as it was rendered: the markdown exactly as placed in the request, with the numbers the person's
 * views show beside it. `received` is what the agent got on its latest call; `current` is the latest
 * render after any change (a `hud` call, a person's edit), which the agent gets on its next call.
 */
export const BoardRender = Type.Object({
  markdown: Type.String(),
  density: Density,
  tokens: Type.Number(),
  omitted: Type.Record(Type.String(), Type.Number()),
  context: Type.Object({
    usedTokens: Type.Number(),
    usableTokens: Type.Number(),
    percent: Type.Number(),
    critical: Type.Boolean(),
  }),
  at: Type.Number(),
  /**
   * The compactions the session had begun when it rendered (finished ones, and one under way): the views
   * see a compaction in the renders themselves, whenever the host's event about it arrives.
   */
  compactions: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type BoardRender = Static<typeof BoardRender>;
export type BoardRenderKind = "received" | "current";

/** Parses a stored row; a row from another plugin version that does not fit reads as absent. */
export function parseBoardRender(json: string): BoardRender | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return Check(BoardRender, value) ? value : undefined;
  } catch {
    return undefined;
  }
}
