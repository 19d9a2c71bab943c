// Structured JSON logs (pino). Every line written while serving a request
// carries its request id: use requestLogger(requestId). No line carries a
// secret: besides the fields redacted by name, every line is rewritten on its
// way out so that anything shaped like one of our secrets (one-time link tokens
// of invitations and password resets, authorization codes, refresh tokens, API
// client secrets, platform and postback keys, webhook secrets, JWTs) is
// replaced, whichever field, message or error stack holds it (docs/decisions/1430).
// With tracing on, a line written inside a span carries its trace_id (docs/decisions/1442).
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/lib/env";
import { activeTraceId } from "@/lib/observability/tracing";

/**
 * Each line's trace_id, when tracing is on and the line is written inside a span (docs/decisions/1442).
 * A fresh object each line: pino merges the line's fields into it.
 */
function traceFields(): object {
  const traceId = activeTraceId();
  return traceId ? { trace_id: traceId } : {};
}

const holder = globalThis as unknown as { __smaLogger?: Logger };

/**
 * Our secrets by their shape (lib/auth/secrets.ts newSecret: a prefix and 43 base62 characters;
 * webhook secrets: 64 hex digits; JWTs and JWEs: base64url segments after "eyJ").
 */
const SECRET_SHAPES =
  /\b((?:sma_[a-z]+|sk|pk|pbkey)_)[A-Za-z0-9]{20,}|\b[0-9a-f]{64}\b|\beyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){2,4}/g;

/** `text` with every secret-shaped part replaced (the prefix kept, to tell which kind it was). */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_SHAPES, (_match, prefix: string | undefined) => `${prefix ?? ""}[redacted]`);
}

/** A destination that writes each line with its secrets redacted. */
export function redactingDestination(out: DestinationStream): DestinationStream {
  return { write: (line: string) => out.write(redactSecrets(line)) };
}

/** The process's logger, writing to `destination` (standard output by default). */
export function createLogger(destination: DestinationStream = pino.destination(1)): Logger {
  return pino(
    {
      level: env().LOG_LEVEL,
      base: { service: "sma" },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: traceFields,
      redact: {
        // what no shape can tell apart (a password, a six-digit code), by name at the top and one level down
        paths: [
          "req.headers.authorization",
          ...["client_secret", "secret", "password", "new_password", "current_password", "otp"].flatMap((name) => [
            name,
            `*.${name}`,
          ]),
        ],
        censor: "[redacted]",
      },
    },
    redactingDestination(destination),
  );
}

export function logger(): Logger {
  holder.__smaLogger ??= createLogger();
  return holder.__smaLogger;
}

export function requestLogger(requestId: string): Logger {
  return logger().child({ requestId });
}
