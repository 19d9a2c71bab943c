// The only reader of process.env: validated once, with field errors at boot.
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""])
  .transform((value) => value === "1" || value === "true" || value === "yes");

/** localhost, 127.0.0.0/8 or [::1], with a port. */
function isLoopbackHostPort(entry: string): boolean {
  const host = entry.slice(0, entry.lastIndexOf(":"));
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** README command one's database: the only one where DEMO defaults to on. */
export const EMBEDDED_DATABASE_URL = "file:./data/app.db";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /** Public origin of the service, without a trailing slash: the JWT issuer and the base of click URLs. */
    PUBLIC_BASE_URL: z
      .string()
      .url()
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    /** `file:<path>` (SQLite, the default) or `postgresql://...` */
    DATABASE_URL: z
      .string()
      .min(1)
      .refine((value) => /^(file:|postgres(ql)?:\/\/)/.test(value), "must start with file: or postgresql://")
      .default(EMBEDDED_DATABASE_URL),
    /**
     * Comma-separated loopback host:port pairs exempt from the outbound guard for the
     * first request (never a redirect hop): local receivers in development and tests only.
     */
    OUTBOUND_ALLOW_HOSTS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, "each entry must be host:port")
            .refine(isLoopbackHostPort, {
              error: (issue) =>
                `may name loopback hosts only (localhost, 127.0.0.0/8, [::1]), not ${String(issue.input)}`,
            }),
        ),
      ),
    /**
     * Seed a demo advertiser and feed it simulated traffic (sandboxed, docs/decisions/0903).
     * Unset: on for the embedded default database only, off anywhere else.
     */
    DEMO: flag.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Proxy hops in front of the app whose X-Forwarded-For entries are trusted: 0 (off,
     * the socket address), 1 (true/yes: the rightmost entry), or N (the N-th from the right).
     */
    TRUST_PROXY: z
      .string()
      .default("0")
      .transform((value) => (/^(true|yes)$/i.test(value) ? "1" : /^(false|no|)$/i.test(value) ? "0" : value))
      .pipe(z.string().regex(/^\d{1,2}$/, "must be 0 (off), true, or a number of proxy hops"))
      .transform(Number),
    /**
     * The dashboard session key (at least 32 characters). Unset: generated once and kept in
     * the database, so every instance sharing it agrees (docs/decisions/1200).
     */
    SESSION_SECRET: z.string().min(32, "at least 32 characters").optional(),
    /**
     * The SMTP server invitations and password resets are sent through (lib/email,
     * docs/decisions/1427): smtp://user:password@host:587 (STARTTLS when offered) or
     * smtps://user:password@host:465. Unset: nothing is sent; the dashboard says so and shows
     * admins the links to pass on themselves.
     */
    SMTP_URL: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(
        z
          .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL (smtp://user:password@host:587)" })
          .optional(),
      )
      .optional(),
    /** The sender of every email: an address, or "Name <address>". Default: Sports Moment Ads <no-reply@PUBLIC_BASE_URL's host>. */
    EMAIL_FROM: z
      .string()
      .trim()
      .max(320)
      .refine((value) => !/[\r\n]/.test(value), "must be one line")
      .optional(),
    /**
     * The credit limit (USD) of an advertiser that signs up in the dashboard: its campaigns stop
     * winning once unpaid invoices and the month's spend reach it, until the operator raises it
     * (`set-billing`) or payments come in (docs/operators.md, "Billing"). Default 100.
     */
    SIGNUP_CREDIT_LIMIT_USD: z.coerce.number().min(0).max(1_000_000_000).default(100),
    /** Run background workers (dispatcher, controllers) in this process. */
    WORKERS: flag.default(true),
    /**
     * log2 of scrypt's cost N for new dashboard password hashes: 17 (OWASP's minimum) unless
     * raised; existing hashes are rehashed at sign-in. Below 17 only outside production (the
     * test suites hash hundreds of accounts at 10).
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    /** Collect the Prometheus metrics (lib/observability/metrics.ts); 0 turns every increment into a no-op. */
    METRICS: flag.default(true),
    /**
     * Bearer token that GET /metrics requires (docs/operators.md, "Observability"). Unset: /metrics is served
     * only on the operator port (METRICS_PORT, the worker's WORKER_HEALTH_PORT), never on PORT.
     */
    METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
    /** A second listener for operators: /metrics (no token needed unless METRICS_TOKEN is set), /healthz, /readyz. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The address METRICS_PORT and WORKER_HEALTH_PORT listen on (default loopback only). */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** scripts/worker.ts: the port of its /healthz, /readyz and /metrics. Unset: the worker listens on none. */
    WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** /readyz: how long the database may take to answer before the instance reports not ready. */
    READY_DB_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /**
     * On SIGTERM, how long /readyz answers 503 (draining) while the server still serves, before it stops
     * accepting connections: give the load balancer this long to notice (at least its probe interval).
     */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** OTLP/HTTP collector base URL (e.g. http://collector:4318): traces are exported there. Unset: no tracing. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional())
      .optional(),
    /** The service.name of the exported spans. */
    OTEL_SERVICE_NAME: z.string().min(1).default("sports-moment-ads"),
  })
  .refine((value) => value.NODE_ENV !== "production" || value.PASSWORD_HASH_COST >= 17, {
    path: ["PASSWORD_HASH_COST"],
    message: "at least 17 in production (OWASP's minimum for scrypt)",
  });

export type Env = z.infer<typeof schema> & { PUBLIC_BASE_URL: string; DEMO: boolean };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const value = result.data;
  return {
    ...value,
    PUBLIC_BASE_URL: value.PUBLIC_BASE_URL ?? `http://localhost:${value.PORT}`,
    DEMO: value.DEMO ?? value.DATABASE_URL === EMBEDDED_DATABASE_URL,
  };
}

let cached: Env | undefined;

/** The validated environment, read once per process (tests reset it with reloadEnv). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The next env() reads process.env again: for a process that changes its own environment (the benches' harness, test setup). */
export function reloadEnv(): void {
  cached = undefined;
}

/** OUTBOUND_ALLOW_HOSTS set: a warning at start (server.ts, scripts/worker.ts), since it opens the outbound guard. */
export function warnAboutAllowList(
  hosts: readonly string[],
  log: { warn(fields: object, message: string): void },
): void {
  if (hosts.length === 0) return;
  log.warn(
    { OUTBOUND_ALLOW_HOSTS: hosts },
    "OUTBOUND_ALLOW_HOSTS exempts these loopback receivers from the outbound guard (development and tests only)",
  );
}
