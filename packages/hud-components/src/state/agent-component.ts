import type { Static } from "@sinclair/typebox";
import { Type } from "../schema-builders.ts";
import { At } from "./items.ts";

/** A component's name: the section's name and how the agent and the person refer to it. */
export const ComponentName = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: "^[A-Za-z][A-Za-z0-9_-]*$",
  description: "the section's name, e.g. FailingTests (a letter, then letters, digits, _ or -)",
});

/** Longest source the agent may define: a component is a screenful of JSX, not a program. */
export const MAX_COMPONENT_SOURCE = 16_000;

export const ComponentSource = Type.String({
  minLength: 1,
  maxLength: MAX_COMPONENT_SOURCE,
  description: "TSX whose default export is the component: export default function Name({ state, density }) { … }",
});

export const ComponentPriority = Type.Integer({
  minimum: 0,
  maximum: 1000,
  description: "under budget pressure lower priorities shrink and drop first (default 50)",
});

/**
 * A HUD component the agent wrote. Its code is kept as written; the host transpiles it and runs it in a
 * sandbox. `off` is set when it failed too often in a row; defining it again switches it back on.
 */
export const AgentComponent = Type.Object({
  name: ComponentName,
  source: ComponentSource,
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: "a built-in section to follow" })),
  priority: Type.Optional(ComponentPriority),
  at: At,
  off: Type.Optional(Type.String({ description: "why it was switched off (one line)" })),
});
export type AgentComponent = Static<typeof AgentComponent>;
