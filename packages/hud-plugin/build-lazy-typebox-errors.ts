// What a hook's runtime bundle gets for TypeBox's errors (build-bundle.ts). The runtime checks trusted state
// and its configuration, and describes a value only once a check failed (ujsx's props, the config's
// problems); the error iterator with its messages is ~30 KB of the runtime's source, whose bytecode every
// in-process hook would read and link (~0.5 ms). It is a file of its own beside the hook
// (`typebox-errors.js`, build.ts), required on the first description: the same function, so the same errors.
import type { Errors as TypeBoxErrors } from "@sinclair/typebox/errors";
import { requireBeside } from "./build-require-beside.ts";

// the enum is named by modules the bundle links and then leaves out (the operation router's); a module that
// uses it keeps it, and with it the errors module
export { ValueErrorType } from "@sinclair/typebox/errors";

/** The hook sits beside it in `scripts/`. */
const PLACES = ["./typebox-errors.js"];

let errors: typeof TypeBoxErrors | undefined;

function load(): typeof TypeBoxErrors {
  const module = requireBeside<{ Errors: typeof TypeBoxErrors }>(PLACES);
  // a broken install: the description fails, and the check's caller reports it as it does any failure
  if (!module) throw new Error("typebox-errors.js is missing beside the plugin's hook; reinstall agent-hud");
  return module.Errors;
}

export const Errors = ((...args: Parameters<typeof TypeBoxErrors>) =>
  (errors ??= load())(...args)) as typeof TypeBoxErrors;
