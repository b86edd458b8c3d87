// What the generator produces: conversation items (messages with one part, HUD events) and labelled queries.
export type Kind = "keyword" | "identifier" | "question";

export type Part =
  { type: "text"; text: string } | { type: "tool"; tool: string; input: Record<string, unknown>; output: string };

/** One message with one part, or one HUD event; `label` marks an answer. */
export type Item =
  | { role: "user" | "assistant"; summary?: true; part: Part; label?: string }
  | { event: { kind: string } & Record<string, unknown>; label?: string };

export type Query = { kind: Kind; text: string; answer: string };

/** A fact: the item that holds it, near misses sharing its words, and the questions that should find it. */
export type Fact = { answer: Item; distractors: Item[]; queries: Array<Omit<Query, "answer">> };

export const tool = (name: string, input: Record<string, unknown>, output: string): Item => ({
  role: "assistant",
  part: { type: "tool", tool: name, input, output },
});
export const said = (role: "user" | "assistant", text: string): Item => ({ role, part: { type: "text", text } });
