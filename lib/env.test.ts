import { describe, expect, it } from "vitest";
import { parseEnv, warnAboutAllowList } from "./env";

describe("parseEnv", () => {
  it("defaults to the embedded SQLite file, port 3000, demo on", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("file:./data/app.db");
    expect(env.PORT).toBe(3000);
    expect(env.DEMO).toBe(true);
    expect(env.PUBLIC_BASE_URL).toBe("http://localhost:3000");
    expect(env.OUTBOUND_ALLOW_HOSTS).toEqual([]);
  });

  it("reads DEMO=0, PORT, a PostgreSQL URL and allow-listed hosts", () => {
    const env = parseEnv({
      DEMO: "0",
      PORT: "8080",
      DATABASE_URL: "postgresql://u:p@db:5432/sma",
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1:9000, Localhost:8443",
      PUBLIC_BASE_URL: "https://ads.example.com/",
    });
    expect(env.DEMO).toBe(false);
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://u:p@db:5432/sma");
    expect(env.OUTBOUND_ALLOW_HOSTS).toEqual(["127.0.0.1:9000", "localhost:8443"]);
    expect(env.PUBLIC_BASE_URL).toBe("https://ads.example.com");
  });

  it("PASSWORD_HASH_COST: 17 by default, raised at will, lowered only outside production", () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe(17);
    expect(parseEnv({ NODE_ENV: "production", PASSWORD_HASH_COST: "18" }).PASSWORD_HASH_COST).toBe(18);
    expect(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "10" }).PASSWORD_HASH_COST).toBe(10);
    expect(() => parseEnv({ NODE_ENV: "production", PASSWORD_HASH_COST: "16" })).toThrow(
      /PASSWORD_HASH_COST: at least 17 in production/,
    );
    expect(() => parseEnv({ PASSWORD_HASH_COST: "21" })).toThrow(/PASSWORD_HASH_COST/);
  });

  it("SMTP_URL: unset or empty sends nothing; an smtp:// or smtps:// URL; anything else refused; EMAIL_FROM one line", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "  " }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.example.com:587" }).SMTP_URL).toBe("smtp://u:p@mail.example.com:587");
    expect(parseEnv({ SMTP_URL: "smtps://mail.example.com:465" }).SMTP_URL).toBe("smtps://mail.example.com:465");
    expect(() => parseEnv({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ EMAIL_FROM: "Ads <ads@example.com>" }).EMAIL_FROM).toBe("Ads <ads@example.com>");
    expect(() => parseEnv({ EMAIL_FROM: "a@example.com\r\nBcc: x@example.com" })).toThrow(/EMAIL_FROM/);
  });

  it("DEMO defaults to on only for the embedded default database; set, it wins", () => {
    expect(parseEnv({}).DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: "file:./data/app.db" }).DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: "postgresql://u:p@db:5432/sma" }).DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "file:/srv/sma/app.db" }).DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgresql://u:p@db:5432/sma", DEMO: "1" }).DEMO).toBe(true);
    expect(parseEnv({ DEMO: "0" }).DEMO).toBe(false);
  });

  it("observability: metrics on, no token, no operator port, no tracing by default; each validated", () => {
    const env = parseEnv({});
    expect(env.METRICS).toBe(true);
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.METRICS_HOST).toBe("127.0.0.1");
    expect(env.WORKER_HEALTH_PORT).toBeUndefined();
    expect(env.READY_DB_TIMEOUT_MS).toBe(1000);
    expect(env.DRAIN_DELAY_MS).toBe(0);
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(parseEnv({ METRICS: "0", OTEL_EXPORTER_OTLP_ENDPOINT: "" }).METRICS).toBe(false);
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe(
      "http://collector:4318",
    );
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: at least 16 characters/);
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://collector:4317" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => parseEnv({ WORKER_HEALTH_PORT: "70000" })).toThrow(/WORKER_HEALTH_PORT/);
  });

  it("fails with the field that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with file: or postgresql/);
    expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: "example.com" })).toThrow(/host:port/);
    expect(() => parseEnv({ DEMO: "maybe" })).toThrow(/DEMO/);
  });

  it("OUTBOUND_ALLOW_HOSTS may name loopback hosts only, with a message naming the entry", () => {
    expect(
      parseEnv({ OUTBOUND_ALLOW_HOSTS: "127.0.0.1:9000,127.8.0.2:1,[::1]:8443,localhost:80" }).OUTBOUND_ALLOW_HOSTS,
    ).toHaveLength(4);
    for (const entry of [
      "example.com:443",
      "10.0.0.1:80",
      "169.254.169.254:80",
      "[fd00::1]:443",
      "localhost.evil.com:80",
    ]) {
      expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: `127.0.0.1:9000,${entry}` })).toThrow(
        `OUTBOUND_ALLOW_HOSTS.1: may name loopback hosts only (localhost, 127.0.0.0/8, [::1]), not ${entry}`,
      );
    }
  });

  it("TRUST_PROXY is a number of proxy hops: off by default, true/yes mean one", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("warns at start when OUTBOUND_ALLOW_HOSTS is set, naming the entries; silent when empty", () => {
    const warnings: [object, string][] = [];
    const log = { warn: (fields: object, message: string) => void warnings.push([fields, message]) };
    warnAboutAllowList([], log);
    expect(warnings).toEqual([]);
    warnAboutAllowList(["127.0.0.1:9000"], log);
    expect(warnings).toEqual([[{ OUTBOUND_ALLOW_HOSTS: ["127.0.0.1:9000"] }, expect.stringMatching(/outbound guard/)]]);
  });
});
