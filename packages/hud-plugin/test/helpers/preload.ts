// Preloaded by `bun test` (bunfig.toml): the run's throw-away XDG folders exist before any test file
// loads and are removed once, after the last one (bun test fires no process exit event to hook).
import { afterAll } from "bun:test";
import { removeCreatedRoot } from "./hermetic-env.ts";

afterAll(removeCreatedRoot);
