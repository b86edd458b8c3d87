/** What a redacted value becomes: the agent learns a secret of that kind was there, never its value. */
export const mark = (kind: string): string => `[redacted:${kind}]`;
