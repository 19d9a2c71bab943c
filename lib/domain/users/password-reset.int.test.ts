// "Forgot password" through a real local SMTP server (docs/decisions/1220): the
// same answer whether or not the email has an account; the emailed link works
// once, for an hour, and ends every session of the account; only its hash is
// kept; an account gets at most 3 emails an hour; requests are limited per address.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/passwords";
import { sessionCookieLine, sessionUserFromCookie } from "@/lib/auth/session";
import { HOUR_MS, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { AppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/policies";
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { completePasswordReset, passwordResetStatus } from "./complete-password-reset";
import { passwordResetEmailsSettled, requestPasswordReset } from "./request-password-reset";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase 42";
const log = pino({ level: "silent" });
let sequence = 0;

function run<O extends AnyOperation>(operation: O, raw: unknown, options: { clock?: Clock; ip?: string } = {}) {
  return invoke(
    operation,
    {
      actor: null,
      requestId: `req_reset_${++sequence}`,
      log,
      clock: options.clock ?? Date.now,
      clientAddress: options.ip ?? `203.0.113.${sequence % 250}`,
    },
    raw,
  );
}

async function newUser() {
  const email = `reset-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Reset Co", email, password: PASSWORD }, { defaultClient: false });
  return { email, userId: created.user_id, advertiserId: created.advertiser_id };
}

const tokenOf = (link: string) => link.split("/reset-password#")[1]!;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

describe("password reset by email", () => {
  it("emails a link that sets a new password once and ends every session", async () => {
    const user = await newUser();
    const row = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    const session = await sessionCookieLine({
      userId: row.id,
      email: row.email,
      name: row.name,
      sessionVersion: row.sessionVersion,
      advertiserId: user.advertiserId,
    });
    const cookie = session.split(";")[0]!.split("=").slice(1).join("=");
    expect(await sessionUserFromCookie(cookie)).not.toBeNull();

    await run(requestPasswordReset, { email: user.email.toUpperCase() });
    await passwordResetEmailsSettled();
    const [mail] = await smtp.waitFor(user.email);
    expect(mail!.subject).toBe("Reset your Sports Moment Ads password");
    const token = tokenOf(linkIn(mail!, "/reset-password#"));
    // only its hash is kept
    const stored = await db().passwordReset.findFirstOrThrow({ where: { userId: user.userId } });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await passwordResetStatus(token)).toBe("valid");

    expect(await run(completePasswordReset, { token, new_password: NEW_PASSWORD })).toMatchObject({
      email: user.email,
    });
    const after = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(await verifyPassword(NEW_PASSWORD, after.passwordHash)).toBe(true);
    expect(await sessionUserFromCookie(cookie)).toBeNull();
    expect(await passwordResetStatus(token)).toBe("used");
    const again = await run(completePasswordReset, { token, new_password: "another fine passphrase 7" }).catch(
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).code).toBe("not_found");
  });

  it("answers the same for an unknown email, and sends nothing", async () => {
    const email = `nobody-${randomBase62(8).toLowerCase()}@example.test`;
    const answer = await run(requestPasswordReset, { email });
    expect(Object.keys(answer)).toEqual(["requestedAt"]);
    await passwordResetEmailsSettled();
    expect(smtp.to(email)).toEqual([]);
  });

  it("expires a link after an hour, and refuses a weak new password without spending it", async () => {
    const user = await newUser();
    const start = Date.parse("2026-04-01T08:00:00Z");
    await run(requestPasswordReset, { email: user.email }, { clock: () => start });
    await passwordResetEmailsSettled();
    const token = tokenOf(linkIn((await smtp.waitFor(user.email))[0]!, "/reset-password#"));
    const weak = await run(
      completePasswordReset,
      { token, new_password: "password1234" },
      { clock: () => start },
    ).catch((error: unknown) => error as AppError);
    expect(weak).toMatchObject({ code: "validation_failed" });
    expect(await passwordResetStatus(token, { clock: () => start + HOUR_MS - 1 })).toBe("valid");
    expect(await passwordResetStatus(token, { clock: () => start + HOUR_MS })).toBe("expired");
    const late = await run(
      completePasswordReset,
      { token, new_password: NEW_PASSWORD },
      { clock: () => start + HOUR_MS },
    ).catch((error: unknown) => error as AppError);
    expect(late).toMatchObject({ code: "not_found" });
  });

  it("sends an account at most 3 emails an hour, still answering the same", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) await run(requestPasswordReset, { email: user.email });
    await passwordResetEmailsSettled();
    await smtp.waitFor(user.email, 3);
    expect(smtp.to(user.email)).toHaveLength(RATE_LIMIT_POLICIES.password_reset_account.points);
  });

  it("limits requests per address", async () => {
    const ip = "192.0.2.77";
    const { points } = RATE_LIMIT_POLICIES.password_reset_ip;
    for (let i = 0; i < points; i++) await run(requestPasswordReset, { email: `x${i}@example.test` }, { ip });
    const refused = await run(requestPasswordReset, { email: "y@example.test" }, { ip }).catch(
      (error: unknown) => error as AppError,
    );
    expect(refused).toMatchObject({ code: "rate_limited" });
  });
});
