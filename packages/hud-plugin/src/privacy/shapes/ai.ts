import type { Shape } from "./shape.ts";

/** Model providers: Anthropic's API, admin and OAuth (access and refresh) keys share one form. */
export const aiShapes: Shape[] = [
  { kind: "anthropic-key", literal: "sk-ant-", pattern: /\bsk-ant-[a-z]{2,8}\d{2}-[\w-]{40,}/g },
];
