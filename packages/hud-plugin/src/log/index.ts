export { createLogger, errorLine, type Level, type Logger, type AppLogClient } from "./logger.ts";
