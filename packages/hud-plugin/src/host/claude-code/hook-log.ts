import { hostDir, hostLogLine } from "../../hook-process/host-log.ts";

/** The adapter's own folder, `claude-code/` in the default data folder. */
export const logDir = (): string => hostDir("claude-code");

/** One line per failure, in `claude-code/hook.log`. */
export const logLine = (line: string): void => hostLogLine("claude-code", line);
