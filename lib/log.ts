// Structured JSON logs (pino). Every line written while serving a request
// carries its request id: use requestLogger(requestId).
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";

const holder = globalThis as unknown as { __smaLogger?: Logger };

export function logger(): Logger {
  holder.__smaLogger ??= pino({
    level: env().LOG_LEVEL,
    base: { service: "sma" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.authorization", "client_secret", "secret", "password", "*.client_secret", "*.secret"],
      censor: "[redacted]",
    },
  });
  return holder.__smaLogger;
}

export function requestLogger(requestId: string): Logger {
  return logger().child({ requestId });
}
