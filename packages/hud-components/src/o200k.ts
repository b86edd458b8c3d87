// `@agent-hud/hud-components/o200k`: the exact o200k tokenizer. Importing it builds its rank table
// (~0.4 s, ~140 MB) and makes it the default of every render that names no tokenizer.
// audience: host adapter authors
export { bpeTokenizer } from "./tokenize/o200k.ts";
