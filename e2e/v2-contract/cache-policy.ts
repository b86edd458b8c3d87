// SIMULATION of opencode 2's automatic prompt-cache placement, written from the rules its source states
// (packages/llm/src/cache-policy.ts, see README.md for the commit): on the Anthropic and Bedrock routes,
// "auto" adds one breakpoint to the last tool, one to the last system part and one to the last text part
// of the latest user message (the last part when it has no text), each only where no hint is set yet.
// Hints already placed by the caller are kept. It exists to check agent-hud's placement, not to run V2.
import type { FakeMessage, FakePart } from "./fake-host.ts";

export type Breakpoint = { where: "tools" | "system" | "message"; index: number };

export function autoBreakpoints(
  tools: number,
  system: readonly FakePart[],
  messages: readonly FakeMessage[],
): Breakpoint[] {
  const points: Breakpoint[] = [];
  if (tools > 0) points.push({ where: "tools", index: tools - 1 });
  system.forEach((part, i) => {
    if (part.cache || i === system.length - 1) points.push({ where: "system", index: i });
  });
  let latestUser = -1;
  messages.forEach((m, i) => {
    if (m.role === "user") latestUser = i;
  });
  messages.forEach((m, i) => {
    const hinted = m.content.some((p) => p.cache);
    if (hinted) points.push({ where: "message", index: i });
    else if (i === latestUser && m.content.length > 0) points.push({ where: "message", index: i });
  });
  return points;
}

/** The index of the last message whose content lies in a cached prefix (before or at a message breakpoint). */
export function cachedPrefixEnd(points: readonly Breakpoint[], beforeIndex: number): number {
  return Math.max(-1, ...points.filter((p) => p.where === "message" && p.index < beforeIndex).map((p) => p.index));
}
