import {
  OutputMode,
  PromptElement,
  PromptRenderer,
  TextChunk,
  UserMessage,
  Raw,
  type BasePromptElementProps,
  type ITokenizer,
  type PromptPiece,
} from "@vscode/prompt-tsx";
import { type ContextInfo, type HudView } from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";

// The peer: the same HUD content written for @vscode/prompt-tsx, pruned by its priorities under the
// same token budget and counted with the same o200k tokenizer.

type Props = BasePromptElementProps & { view: HudView; context: ContextInfo };

// Written with prompt-tsx's classic factory (`vscpp`, what its JSX compiles to) so this file needs no
// JSX settings of its own next to the ujsx runtime the rest of the repo uses.
const chunk = (priority: number, ...text: unknown[]) => vscpp(TextChunk, { priority }, ...text, vscpp("br", {}));

class HudPrompt extends PromptElement<Props> {
  render(): PromptPiece {
    const { session: s } = this.props.view;
    const c = this.props.context;
    return vscpp(
      UserMessage,
      { priority: 100 },
      chunk(100, "### Agent HUD"),
      s.task ? chunk(90, "#### Task", vscpp("br", {}), s.task.description) : undefined,
      chunk(80, "#### Blockers"),
      ...s.blockers.map((b, i) => chunk(80 - i / 100, `- ${b.id}: ${b.description}`)),
      chunk(70, "#### Next steps"),
      ...s.steps.map((x, i) => chunk(70 - i / 100, `- [${x.done ? "x" : " "}] ${x.id}: ${x.description}`)),
      chunk(60, "#### Decisions"),
      ...s.decisions.map((d, i) => chunk(60 - i / 100, `- ${d.id}: ${d.summary}${d.details ? ` — ${d.details}` : ""}`)),
      chunk(40, "#### Notes"),
      ...s.notes.map((n, i) => chunk(40 + i / 100, `- ${n.id}: ${n.content}`)),
      chunk(30, "#### Active files"),
      ...s.files.map((f, i) => chunk(30 + i / 100, `- ${f.path} — ${f.action}`)),
      chunk(95, `**Context** ${Math.round(c.percent)}% of ${Math.round(c.usableTokens / 1000)}k usable`),
    ) as PromptPiece;
  }
}

const tokenizer: ITokenizer<OutputMode.Raw> = {
  mode: OutputMode.Raw,
  tokenLength: (part: Raw.ChatCompletionContentPart) =>
    part.type === Raw.ChatCompletionContentPartKind.Text
      ? bpeTokenizer.count((part as Raw.ChatCompletionContentPartText).text)
      : 0,
  countMessageTokens: (message: Raw.ChatMessage) =>
    3 +
    message.content.reduce(
      (n, part) =>
        n +
        (part.type === Raw.ChatCompletionContentPartKind.Text
          ? bpeTokenizer.count((part as Raw.ChatCompletionContentPartText).text)
          : 0),
      0,
    ),
};

/** Render with prompt-tsx under `budget` tokens; returns the message text. */
export async function renderWithPromptTsx(view: HudView, context: ContextInfo, budget: number): Promise<string> {
  const renderer = new PromptRenderer({ modelMaxPromptTokens: budget }, HudPrompt, { view, context }, tokenizer);
  const result = await renderer.renderRaw();
  return result.messages
    .map((m) =>
      m.content
        .map((p) =>
          p.type === Raw.ChatCompletionContentPartKind.Text ? (p as Raw.ChatCompletionContentPartText).text : "",
        )
        .join(""),
    )
    .join("\n");
}
