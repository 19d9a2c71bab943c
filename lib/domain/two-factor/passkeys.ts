// Passkeys as a second factor beside the authenticator app (docs/decisions/1434):
// a signed-in user enrols one (names it, the browser creates it against the
// challenge of startPasskeyEnrolment), lists and removes them (with their
// password; not the last second factor while an advertiser of theirs requires
// one). A passkey satisfies an admin's "require two-factor sign-in". Adding and
// removing one is a row in the history of each advertiser of the user and an
// email to them, as turning TOTP on and off is. Signing in with one:
// startPasskeySignIn (the password checked, counted as a sign-in attempt) gives
// the challenge; the sign-in itself (authenticateUser) checks the answer.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import { limitPasswordAttempts } from "@/lib/auth/password-attempts";
import { verifyPassword } from "@/lib/auth/passwords";
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { checkPassword } from "@/lib/domain/users/authenticate-user";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { passkeyChangedNotice } from "@/lib/email/messages";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges } from "@/lib/history/changes";
import { defineOperation, type RunContext } from "@/lib/operations/operation";
import { recordSignInChange, requiredByAnAdvertiser } from "./two-factor";
import {
  authenticationOptions,
  MAX_PASSKEYS,
  registrationOptions,
  registrationResponseSchema,
  verifyEnrolment,
} from "./webauthn";

export type PasskeyListing = {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** synced between a person's devices (multiDevice), or bound to one authenticator */
  synced: boolean;
};

const passkeyName = z
  .string()
  .trim()
  .min(1, "required")
  .max(60, "at most 60 characters")
  .regex(/^[^\p{Cc}]*$/u, "has a control character");

async function notify(email: string, change: "added" | "removed", name: string, log: RunContext["log"]) {
  if (!emailConfigured()) return;
  await sendEmail(passkeyChangedNotice({ to: email, change, name })).catch((error: unknown) =>
    log.warn({ err: error }, "passkey notice not sent"),
  );
}

export const listPasskeys = defineOperation({
  name: "listPasskeys",
  access: "session",
  role: "viewer",
  whileTwoFactorPending: true,
  write: false,
  input: z.strictObject({}),
  run: async (actor): Promise<PasskeyListing[]> => {
    const userId = requireSessionUser(actor, "Passkeys");
    const rows = await db().passkey.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      synced: row.deviceType === "multiDevice",
    }));
  },
});

export const startPasskeyEnrolment = defineOperation({
  name: "startPasskeyEnrolment",
  access: "session",
  role: "viewer",
  whileTwoFactorPending: true,
  write: true,
  history: {
    none: "only a challenge is kept until the browser's answer enrols it (finishPasskeyEnrolment records it)",
  },
  input: z.strictObject({}),
  run: async (actor, _input, { clock }): Promise<PublicKeyCredentialCreationOptionsJSON> => {
    const userId = requireSessionUser(actor, "Passkeys");
    const user = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, name: true, passkeys: { select: { id: true, transports: true } } },
    });
    if (user.passkeys.length >= MAX_PASSKEYS) {
      throw new AppError("conflict", { detail: `At most ${MAX_PASSKEYS} passkeys: remove one first.` });
    }
    return registrationOptions(user, user.passkeys, clock());
  },
});

export const finishPasskeyEnrolment = defineOperation({
  name: "finishPasskeyEnrolment",
  access: "session",
  role: "viewer",
  whileTwoFactorPending: true,
  write: true,
  history: "member",
  input: z.strictObject({ name: passkeyName, response: registrationResponseSchema }),
  run: async (actor, input, { clock, log }): Promise<PasskeyListing> => {
    const userId = requireSessionUser(actor, "Passkeys");
    const nowMs = clock();
    const verified = await verifyEnrolment(userId, input.response, nowMs);
    const by = await changeActorOf(actor);
    const now = nowDate(() => nowMs);
    const { row, email } = await db().$transaction(async (tx) => {
      if ((await tx.passkey.count({ where: { userId } })) >= MAX_PASSKEYS) {
        throw new AppError("conflict", { detail: `At most ${MAX_PASSKEYS} passkeys: remove one first.` });
      }
      if (await tx.passkey.findUnique({ where: { id: verified.id }, select: { id: true } })) {
        throw new AppError("conflict", { detail: "This passkey is enrolled already." });
      }
      const created = await tx.passkey.create({
        data: {
          id: verified.id,
          userId,
          name: input.name,
          publicKey: verified.publicKey,
          counter: BigInt(verified.counter),
          transports: verified.transports.join(" "),
          deviceType: verified.deviceType,
          backedUp: verified.backedUp,
          createdAt: now,
        },
      });
      await recordSignInChange(tx, userId, {
        by,
        atMs: nowMs,
        operation: "addPasskey",
        fields: fieldChanges({ passkey: null }, { passkey: input.name }),
      });
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
      return { row: created, email: user.email };
    });
    await notify(email, "added", input.name, log);
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      lastUsedAt: null,
      synced: row.deviceType === "multiDevice",
    };
  },
});

export const removePasskey = defineOperation({
  name: "removePasskey",
  access: "session",
  role: "viewer",
  write: true,
  history: "member",
  input: z.strictObject({ id: z.string().min(1).max(1_400), password: z.string().min(1, "required").max(200) }),
  run: async (actor, input, { clock, log }): Promise<{ removedAt: Date }> => {
    const userId = requireSessionUser(actor, "Passkeys");
    const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      throw new AppError("validation_failed", {
        detail: "The password is wrong.",
        fieldErrors: [{ path: "password", message: "is wrong" }],
      });
    }
    const by = await changeActorOf(actor);
    const now = nowDate(clock);
    const required = await requiredByAnAdvertiser(userId);
    const removed = await db().$transaction(async (tx) => {
      const passkey = await tx.passkey.findFirst({ where: { id: input.id, userId } });
      if (!passkey) throw new AppError("not_found", { detail: "No such passkey of yours." });
      const [others, totp] = await Promise.all([
        tx.passkey.count({ where: { userId, id: { not: passkey.id } } }),
        tx.userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } }),
      ]);
      if (others === 0 && !totp?.confirmedAt && required) {
        throw new AppError("conflict", {
          detail:
            "An advertiser you belong to requires two-factor sign-in and this is your last second factor: add another passkey or an authenticator app first.",
        });
      }
      const { count } = await tx.passkey.deleteMany({ where: { id: passkey.id, userId } });
      if (count === 0) throw new AppError("not_found", { detail: "No such passkey of yours." });
      await recordSignInChange(tx, userId, {
        by,
        atMs: now.getTime(),
        operation: "removePasskey",
        fields: fieldChanges({ passkey: passkey.name }, { passkey: null }),
      });
      return passkey;
    });
    await notify(user.email, "removed", removed.name, log);
    return { removedAt: now };
  },
});

/**
 * The challenge of a sign-in with a passkey, for the email and password the sign-in form holds:
 * the password is checked (and a wrong one counted) under the sign-in limits, so the options,
 * which name the user's passkeys, are shown only to whoever knows it. The sign-in that follows
 * checks the password again with the passkey's answer (authenticateUser).
 */
export const startPasskeySignIn = defineOperation({
  name: "startPasskeySignIn",
  access: "public",
  write: true,
  history: { none: "only a challenge is kept, used by the sign-in that follows" },
  input: z.strictObject({
    email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
    password: z.string().min(1, "required").max(200),
  }),
  run: async (
    _actor,
    input,
    { clock, clientAddress, deviceCookie },
  ): Promise<PublicKeyCredentialRequestOptionsJSON> => {
    const user = await limitPasswordAttempts({ email: input.email, ip: clientAddress, deviceCookie }, () =>
      checkPassword(input.email, input.password),
    );
    const passkeys = await db().passkey.findMany({
      where: { userId: user.id },
      select: { id: true, transports: true },
    });
    if (passkeys.length === 0) {
      throw new AppError("conflict", {
        detail: "This account has no passkey: use the code of your authenticator app.",
      });
    }
    return authenticationOptions(user.id, passkeys, clock());
  },
});
