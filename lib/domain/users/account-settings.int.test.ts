// both databases: emails matched as text
// The signed-in user's own details (docs/decisions/1220): name and time zone
// (an IANA name, checked), and the sign-in email (the current password required;
// nobody else's; unspent reset links spent; the old address told by email).
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { AppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { changeEmail } from "./change-email";
import { passwordResetEmailsSettled, requestPasswordReset } from "./request-password-reset";
import { passwordResetStatus } from "./complete-password-reset";
import { updateAccount } from "./update-account";

const PASSWORD = "correct horse battery";
const log = pino({ level: "silent" });
let sequence = 0;

async function newUser() {
  const email = `me-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Me Co", email, password: PASSWORD }, { defaultClient: false });
  return { email, userId: created.user_id, advertiserId: created.advertiser_id };
}

function run<O extends AnyOperation>(
  operation: O,
  user: { userId: string; advertiserId: string } | null,
  raw: unknown,
) {
  return invoke(
    operation,
    {
      actor: user ? sessionActor({ ...user, role: "viewer" }) : null,
      requestId: `req_me_${++sequence}`,
      log,
      clock: Date.now,
      clientAddress: `198.51.100.${sequence % 250}`,
    },
    raw,
  );
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

describe("account settings", () => {
  it("change the name and the time zone, any role; an unknown zone is refused", async () => {
    const user = await newUser();
    expect(await run(updateAccount, user, { name: "  Ada  ", time_zone: "Asia/Kolkata" })).toMatchObject({
      name: "Ada",
      timeZone: "Asia/Kolkata",
    });
    const bad = await refusal(run(updateAccount, user, { time_zone: "Mars/Olympus_Mons" }));
    expect(bad.code).toBe("validation_failed");
    expect((await refusal(run(updateAccount, user, {}))).code).toBe("validation_failed");
    expect(await db().user.findUniqueOrThrow({ where: { id: user.userId } })).toMatchObject({
      name: "Ada",
      timeZone: "Asia/Kolkata",
    });
  });

  it("change the sign-in email with the current password; the old address is told and its reset links end", async () => {
    const user = await newUser();
    const other = await newUser();
    await run(requestPasswordReset, null, { email: user.email });
    await passwordResetEmailsSettled();
    const token = linkIn((await smtp.waitFor(user.email))[0]!, "/reset-password#").split("/reset-password#")[1]!;

    const wrong = await refusal(
      run(changeEmail, user, { current_password: "not my password", new_email: "x@example.test" }),
    );
    expect(wrong).toMatchObject({ code: "validation_failed" });
    expect(wrong.fieldErrors?.[0]?.path).toBe("current_password");
    const taken = await refusal(run(changeEmail, user, { current_password: PASSWORD, new_email: other.email }));
    expect(taken.code).toBe("conflict");

    const next = `moved-${randomBase62(8).toLowerCase()}@example.test`;
    expect(await run(changeEmail, user, { current_password: PASSWORD, new_email: next.toUpperCase() })).toMatchObject({
      email: next,
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.userId } })).email).toBe(next);
    expect(await passwordResetStatus(token)).toBe("used");
    const notices = await smtp.waitFor(user.email, 2);
    expect(notices[1]!.subject).toBe("The email of your Sports Moment Ads account changed");
    expect(notices[1]!.text).toContain(next);
  });
});
