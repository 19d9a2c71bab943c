// The mailer without a server (docs/decisions/1427): the sender's default comes from the
// public host, EMAIL_FROM wins; without SMTP_URL nothing is sent and the caller is told.
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, reloadEnv } from "@/lib/env";
import { emailConfigured, emailSender, EmailNotSent, sendEmail } from "./mailer";

afterEach(() => {
  delete process.env.SMTP_URL;
  reloadEnv();
});

describe("the mailer", () => {
  it("sends from EMAIL_FROM, or no-reply at the public host", () => {
    expect(emailSender(parseEnv({ PUBLIC_BASE_URL: "https://ads.example.com" }))).toBe(
      "Sports Moment Ads <no-reply@ads.example.com>",
    );
    expect(emailSender(parseEnv({ EMAIL_FROM: "Team <team@example.com>" }))).toBe("Team <team@example.com>");
  });

  it("without SMTP_URL says it is not configured and refuses to send", async () => {
    delete process.env.SMTP_URL;
    reloadEnv();
    expect(emailConfigured()).toBe(false);
    await expect(sendEmail({ to: "a@example.com", subject: "s", text: "t" })).rejects.toBeInstanceOf(EmailNotSent);
  });

  it("a server that does not answer is a failure the caller handles, not a hang or a crash", async () => {
    // nothing listens on port 9 (discard) here: the connection is refused
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    reloadEnv();
    expect(emailConfigured()).toBe(true);
    await expect(sendEmail({ to: "a@example.com", subject: "s", text: "t" })).rejects.toBeInstanceOf(EmailNotSent);
  });
});
