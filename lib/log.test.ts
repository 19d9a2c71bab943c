// The logger never writes a secret (lib/log.ts): redacted by shape on the way
// out, whatever field or message carries it.
import { describe, expect, it } from "vitest";
import { newSecret } from "@/lib/auth/secrets";
import { createLogger, redactSecrets } from "./log";

function captured() {
  const lines: string[] = [];
  const log = createLogger({ write: (line: string) => void lines.push(line) });
  log.level = "info";
  return { log, lines };
}

describe("F3: one-time tokens never reach a log", () => {
  it("F3: the request log line of an invitation or password-reset link has no token", () => {
    const { log, lines } = captured();
    const invite = newSecret("sma_invite");
    const reset = newSecret("sma_reset");
    log.info({ requestId: "req_1", method: "GET", path: `/invite/${invite}`, status: 200 }, "request");
    log.info({ requestId: "req_2", method: "GET", path: `/reset-password/${reset}`, status: 200 }, "request");
    const out = lines.join("");
    expect(out).not.toContain(invite);
    expect(out).not.toContain(reset);
    expect(out).toContain('"path":"/invite/sma_invite_[redacted]"');
    expect(out).toContain('"path":"/reset-password/sma_reset_[redacted]"');
  });

  it("F3: codes, refresh tokens, keys, webhook secrets and JWTs in messages and errors are redacted too", () => {
    const { log, lines } = captured();
    const secrets = [
      newSecret("sma_code"),
      newSecret("sma_refresh"),
      newSecret("sk"),
      newSecret("pk"),
      newSecret("pbkey"),
      "ab".repeat(32),
      "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl",
    ];
    for (const secret of secrets) log.warn({ err: new Error(`failed for ${secret}`) }, `saw ${secret}`);
    const out = lines.join("");
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it("redacts passwords and codes by name, at the top and one level down", () => {
    const { log, lines } = captured();
    log.warn({ password: "hunter2hunter2", credentials: { password: "p4ssw0rd-x", otp: "123456" } }, "sign-in");
    const out = lines.join("");
    expect(out).not.toContain("hunter2hunter2");
    expect(out).not.toContain("p4ssw0rd-x");
    expect(out).not.toContain("123456");
  });

  it("keeps what is not secret-shaped", () => {
    expect(redactSecrets("/api/ads/campaigns/cmp_abc123 req_9 usr_x")).toBe(
      "/api/ads/campaigns/cmp_abc123 req_9 usr_x",
    );
  });
});
