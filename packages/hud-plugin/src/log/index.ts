export { createLogger, errorLine, type Level, type Logger, type LogSink } from "./logger.ts";
