import type { ModelLimits } from "../../context/limits.ts";

/** The window of every model Gemini CLI offers (Gemini 2.5 and later): 1,048,576 tokens. */
const WINDOW = 1_048_576;
/** Gemini CLI compresses its history once a call's prompt reaches half the window (its default threshold). */
const COMPRESSION_SHARE = 0.5;

/** 100% is where Gemini CLI compresses, not the window's end: the HUD's density follows what is left before it. */
export function geminiLimits(_model?: string): ModelLimits {
  const usable = Math.floor(WINDOW * COMPRESSION_SHARE);
  return { context: usable, input: usable, output: 0 };
}
