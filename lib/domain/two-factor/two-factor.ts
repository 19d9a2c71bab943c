// Two-factor sign-in (docs/decisions/1431): a user enrols an authenticator app
// (TOTP, RFC 6238) from the dashboard, gets ten one-time recovery codes, and may
// turn it off with their password unless an advertiser they belong to requires
// it; an admin requires it for every member of the advertiser. Turning it on or
// off is a row in the history of each advertiser the user belongs to and an email
// to the user; the requirement is a row of its advertiser.
import QRCode from "qrcode";
import { z } from "zod";
import { seal, unseal } from "@/lib/auth/sealing";
import { verifyPassword } from "@/lib/auth/passwords";
import { nowDate } from "@/lib/clock";
import { db, type Tx } from "@/lib/db/client";
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { twoFactorChangedNotice } from "@/lib/email/messages";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange, type ChangeActor } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { defineOperation } from "@/lib/operations/operation";
import { matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, TOTP_SEAL, totpOf } from "./totp";

export type TwoFactorStatus = {
  /** an authenticator app (TOTP) is on */
  enabled: boolean;
  /** passkeys enrolled (docs/decisions/1434): each is a second factor too */
  passkeys: number;
  recoveryCodesLeft: number;
  /** an advertiser of the user requires it: it cannot be turned off */
  requiredByAdvertiser: boolean;
  /** the selected advertiser requires it of every member */
  advertiserRequires: boolean;
};

/** What enrolment shows: the secret to type, the otpauth URI and its QR code (an SVG). */
export type TotpEnrolment = { secret: string; otpauthUri: string; qrSvg: string };

const codeInput = z.strictObject({ code: z.string().trim().min(1, "required").max(40) });

export async function requiredByAnAdvertiser(userId: string): Promise<boolean> {
  const count = await db().membership.count({ where: { userId, advertiser: { twoFactorRequiredAt: { not: null } } } });
  return count > 0;
}

/**
 * One history row per advertiser the user belongs to (their account's sign-in changed): TOTP
 * on or off, a passkey added or removed (docs/decisions/1434).
 */
export async function recordSignInChange(
  tx: Tx,
  userId: string,
  change: { by: ChangeActor; atMs: number; operation: string; fields: ReturnType<typeof fieldChanges> },
) {
  const memberships = await tx.membership.findMany({ where: { userId }, select: { advertiserId: true } });
  for (const { advertiserId } of memberships) {
    await recordChange(tx, {
      advertiserId,
      atMs: change.atMs,
      actor: change.by,
      operation: change.operation,
      target: { type: "member", id: userId },
      fields: change.fields,
    });
  }
}

async function recordForEachAdvertiser(tx: Tx, userId: string, by: ChangeActor, atMs: number, enabled: boolean) {
  await recordSignInChange(tx, userId, {
    by,
    atMs,
    operation: enabled ? "enableTwoFactor" : "disableTwoFactor",
    fields: fieldChanges({ two_factor: !enabled }, { two_factor: enabled }),
  });
}

async function notify(email: string, change: "enabled" | "disabled", log: { warn: (o: object, m: string) => void }) {
  if (!emailConfigured()) return;
  await sendEmail(twoFactorChangedNotice({ to: email, change })).catch((error: unknown) =>
    log.warn({ err: error }, "two-factor notice not sent"),
  );
}

export const getTwoFactorStatus = defineOperation({
  name: "getTwoFactorStatus",
  access: "session",
  role: "viewer",
  whileTwoFactorPending: true,
  write: false,
  input: z.strictObject({}),
  run: async (actor): Promise<TwoFactorStatus> => {
    const userId = requireSessionUser(actor, "Two-factor sign-in");
    const [totp, passkeys, left, required, advertiser] = await Promise.all([
      db().userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } }),
      db().passkey.count({ where: { userId } }),
      db().recoveryCode.count({ where: { userId, usedAt: null } }),
      requiredByAnAdvertiser(userId),
      db().advertiser.findUnique({ where: { id: actor.advertiserId }, select: { twoFactorRequiredAt: true } }),
    ]);
    return {
      enabled: Boolean(totp?.confirmedAt),
      passkeys,
      recoveryCodesLeft: left,
      requiredByAdvertiser: required,
      advertiserRequires: Boolean(advertiser?.twoFactorRequiredAt),
    };
  },
});

export const startTotpEnrolment = defineOperation({
  name: "startTotpEnrolment",
  access: "session",
  role: "viewer",
  whileTwoFactorPending: true,
  write: true,
  history: { none: "nothing is on until the first code confirms it (confirmTotpEnrolment records it)" },
  input: z.strictObject({}),
  run: async (actor): Promise<TotpEnrolment> => {
    const userId = requireSessionUser(actor, "Two-factor sign-in");
    const user = await db().user.findUniqueOrThrow({ where: { id: userId }, include: { totp: true } });
    if (user.totp?.confirmedAt) {
      throw new AppError("conflict", { detail: "Two-factor sign-in is on already: turn it off first to enrol again." });
    }
    const secret = newTotpSecret();
    const sealed = await seal(TOTP_SEAL, secret, userId);
    await db().userTotp.upsert({
      where: { userId },
      create: { userId, secret: sealed },
      update: { secret: sealed, confirmedAt: null, lastStep: null },
    });
    const otpauthUri = totpOf(secret, user.email).toString();
    return { secret, otpauthUri, qrSvg: await QRCode.toString(otpauthUri, { type: "svg", margin: 1 }) };
  },
});

export const confirmTotpEnrolment = defineOperation({
  name: "confirmTotpEnrolment",
  access: "session",
  role: "viewer",
  whileTwoFactorPending: true,
  write: true,
  history: "member",
  input: codeInput,
  run: async (actor, input, { clock, log }): Promise<{ recoveryCodes: string[] }> => {
    const userId = requireSessionUser(actor, "Two-factor sign-in");
    const row = await db().userTotp.findUnique({ where: { userId } });
    if (!row || row.confirmedAt) throw new AppError("conflict", { detail: "Start the enrolment again." });
    const secret = await unseal(TOTP_SEAL, row.secret, userId);
    const step = secret ? matchingStep(secret, input.code, clock()) : null;
    if (step === null) {
      throw new AppError("validation_failed", {
        detail: "That code is not right: type the 6 digits your authenticator app shows now.",
        fieldErrors: [{ path: "code", message: "is not the code your authenticator app shows now" }],
      });
    }
    const codes = newRecoveryCodes();
    const by = await changeActorOf(actor);
    const now = nowDate(clock);
    const user = await db().$transaction(async (tx) => {
      const { count } = await tx.userTotp.updateMany({
        where: { userId, confirmedAt: null },
        data: { confirmedAt: now, lastStep: step },
      });
      if (count === 0) throw new AppError("conflict", { detail: "Two-factor sign-in is on already." });
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await tx.recoveryCode.createMany({
        data: codes.map((code) => ({ id: newId("rcv"), userId, codeHash: recoveryCodeHash(code), createdAt: now })),
      });
      await recordForEachAdvertiser(tx, userId, by, now.getTime(), true);
      return tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    });
    await notify(user.email, "enabled", log);
    return { recoveryCodes: codes };
  },
});

export const disableTwoFactor = defineOperation({
  name: "disableTwoFactor",
  access: "session",
  role: "viewer",
  write: true,
  history: "member",
  input: z.strictObject({ password: z.string().min(1, "required").max(200) }),
  run: async (actor, input, { clock, log }): Promise<{ disabledAt: Date }> => {
    const userId = requireSessionUser(actor, "Two-factor sign-in");
    const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      throw new AppError("validation_failed", {
        detail: "The password is wrong.",
        fieldErrors: [{ path: "password", message: "is wrong" }],
      });
    }
    // a passkey still satisfies a requirement without the app (docs/decisions/1434)
    if ((await requiredByAnAdvertiser(userId)) && (await db().passkey.count({ where: { userId } })) === 0) {
      throw new AppError("conflict", {
        detail: "An advertiser you belong to requires two-factor sign-in: it cannot be turned off.",
      });
    }
    const by = await changeActorOf(actor);
    const now = nowDate(clock);
    await db().$transaction(async (tx) => {
      const { count } = await tx.userTotp.deleteMany({ where: { userId, confirmedAt: { not: null } } });
      await tx.recoveryCode.deleteMany({ where: { userId } });
      if (count > 0) await recordForEachAdvertiser(tx, userId, by, now.getTime(), false);
    });
    await notify(user.email, "disabled", log);
    return { disabledAt: now };
  },
});

export const setTwoFactorRequirement = defineOperation({
  name: "setTwoFactorRequirement",
  access: "session",
  write: true,
  history: "advertiser",
  input: z.strictObject({ required: z.boolean() }),
  run: async (actor, input, { clock }): Promise<{ required: boolean }> => {
    const by = await changeActorOf(actor);
    const now = nowDate(clock);
    await db().$transaction(async (tx) => {
      const before = await tx.advertiser.findUniqueOrThrow({
        where: { id: actor.advertiserId },
        select: { twoFactorRequiredAt: true },
      });
      const was = before.twoFactorRequiredAt !== null;
      if (was === input.required) return;
      await tx.advertiser.update({
        where: { id: actor.advertiserId },
        data: { twoFactorRequiredAt: input.required ? now : null },
      });
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: "setTwoFactorRequirement",
        target: { type: "advertiser", id: actor.advertiserId },
        fields: fieldChanges({ two_factor_required: was }, { two_factor_required: input.required }),
      });
    });
    return { required: input.required };
  },
});
