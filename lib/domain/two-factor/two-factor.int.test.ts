// Two-factor sign-in (docs/decisions/1431): enrolment with a first code, sign-in
// with a code (refused without one, a code accepted once), recovery codes used
// once, a password reset that does not skip it, an admin's requirement that
// confines a member without it to setting it up, and the history of each change.
import pino from "pino";
import { TOTP, Secret } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { signIn } from "@/lib/auth/next-auth";
import { getSessionUser } from "@/lib/domain/users/get-session-user";
import { sessionActor, type SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { resetPassword } from "@/lib/domain/users/reset-password";
import { newId, randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { hashPassword } from "@/lib/auth/passwords";
import {
  confirmTotpEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  setTwoFactorRequirement,
  startTotpEnrolment,
} from "./two-factor";

const PASSWORD = "correct horse battery";
const log = pino({ level: "silent" });
let sequence = 0;

function run<O extends AnyOperation>(operation: O, user: SessionUser, raw: unknown, clock: () => number = Date.now) {
  return invoke(
    operation,
    {
      actor: sessionActor(user),
      requestId: `req_2fa_${++sequence}`,
      log,
      clock,
      clientAddress: `203.0.113.${sequence % 200}`,
    },
    raw,
  );
}

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: ms });

async function account() {
  const email = `twofa-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Two Co", email, password: PASSWORD }, { defaultClient: false });
  const user: SessionUser = { userId: created.user_id, advertiserId: created.advertiser_id, role: "admin" };
  return { email, user };
}

async function enrol(user: SessionUser) {
  const started = await run(startTotpEnrolment, user, {});
  expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(started.qrSvg).toContain("<svg");
  const now = Date.now();
  const { recoveryCodes } = await run(confirmTotpEnrolment, user, { code: codeAt(started.secret, now) }, () => now);
  return { secret: started.secret, recoveryCodes, enrolledAt: now };
}

const ip = () => `198.18.0.${++sequence % 250}`;

describe("two-factor sign-in", () => {
  it("asks for a code, accepts a code once, and takes each recovery code once", async () => {
    const { email, user } = await account();
    const { secret, recoveryCodes, enrolledAt } = await enrol(user);
    expect(recoveryCodes).toHaveLength(10);
    await expect(signIn({ email, password: PASSWORD }, ip())).rejects.toThrow("TwoFactorRequired");
    // the code that confirmed the enrolment was used: the next step's code signs in, once
    const next = codeAt(secret, enrolledAt + 30_000);
    expect(await signIn({ email, password: PASSWORD, otp: next }, ip())).not.toBeNull();
    expect(await signIn({ email, password: PASSWORD, otp: next }, ip())).toBeNull();
    expect(await signIn({ email, password: PASSWORD, otp: "000000" }, ip())).toBeNull();
    expect(await signIn({ email, password: PASSWORD, otp: recoveryCodes[0]!.toUpperCase() }, ip())).not.toBeNull();
    expect(await signIn({ email, password: PASSWORD, otp: recoveryCodes[0]! }, ip())).toBeNull();
    expect((await run(getTwoFactorStatus, user, {})).recoveryCodesLeft).toBe(9);
    // the codes are kept hashed only
    const stored = await db().recoveryCode.findMany({ where: { userId: user.userId } });
    expect(stored.some((row) => recoveryCodes.some((code) => row.codeHash.includes(code)))).toBe(false);
    expect((await db().userTotp.findUniqueOrThrow({ where: { userId: user.userId } })).secret).not.toContain(secret);
  });

  it("a password reset does not skip it", async () => {
    const { email, user } = await account();
    await enrol(user);
    await resetPassword({ email, password: "another horse battery staple" });
    await expect(signIn({ email, password: "another horse battery staple" }, ip())).rejects.toThrow(
      "TwoFactorRequired",
    );
  });

  it("is in the history of each advertiser of the user, on and off; off needs the password", async () => {
    const { user } = await account();
    await enrol(user);
    await expect(run(disableTwoFactor, user, { password: "wrong one" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await run(disableTwoFactor, user, { password: PASSWORD });
    const rows = await db().change.findMany({
      where: { advertiserId: user.advertiserId, targetType: "member" },
      orderBy: { atMs: "asc" },
    });
    expect(rows.map((row) => row.operation)).toEqual(["enableTwoFactor", "disableTwoFactor"]);
  });
});

describe("an admin requires two-factor sign-in", () => {
  it("confines a member without it to setting it up, and they cannot turn it off afterwards", async () => {
    const { user: admin } = await account();
    await enrol(admin);
    const member = await db().user.create({
      data: {
        id: newId("usr"),
        email: `m-${randomBase62(8).toLowerCase()}@example.test`,
        name: "M",
        passwordHash: await hashPassword(PASSWORD),
      },
    });
    await db().membership.create({ data: { advertiserId: admin.advertiserId, userId: member.id, role: "editor" } });
    await run(setTwoFactorRequirement, admin, { required: true });
    const row = (await getSessionUser(member.id, admin.advertiserId))!;
    expect(row.twoFactorPending).toBe(true);
    const pending: SessionUser = { ...row, twoFactorPending: true };
    await expect(run(listCampaigns, pending, {})).rejects.toMatchObject({ code: "two_factor_required" });
    const { secret } = await run(startTotpEnrolment, pending, {});
    const now = Date.now();
    await run(confirmTotpEnrolment, pending, { code: codeAt(secret, now) }, () => now);
    expect((await getSessionUser(member.id, admin.advertiserId))!.twoFactorPending).toBe(false);
    const member2: SessionUser = { userId: member.id, advertiserId: admin.advertiserId, role: "editor" };
    await expect(run(disableTwoFactor, member2, { password: PASSWORD })).rejects.toMatchObject({ code: "conflict" });
    const history = await db().change.findFirstOrThrow({
      where: { advertiserId: admin.advertiserId, operation: "setTwoFactorRequirement" },
    });
    expect(history.targetType).toBe("advertiser");
  });
});

describe("two-factor changes are emailed to the user", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  it("tells the user when it is turned on and when it is turned off", async () => {
    const { email, user } = await account();
    await enrol(user);
    await run(disableTwoFactor, user, { password: PASSWORD });
    const mails = await smtp.waitFor(email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Two-factor sign-in is on for your Sports Moment Ads account",
      "Two-factor sign-in was turned off for your Sports Moment Ads account",
    ]);
  });
});
