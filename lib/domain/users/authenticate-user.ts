// Dashboard sign-in: an email and a password -> the user (the advertiser the
// session acts for is chosen by the sign-in: lib/auth/next-auth.ts).
// A wrong email and a wrong password fail alike, after the same amount of work
// (a password is always checked, against a dummy hash when the email is unknown).
// A right password whose stored hash was made with older parameters is hashed
// again at today's (docs/decisions/1422). A user with two-factor sign-in also
// gives a code of their authenticator app or a recovery code (docs/decisions/1431),
// or signs with one of their passkeys (1434):
// without one the answer is two_factor_required (the form then asks for it), and
// a wrong one fails as a wrong password does (counted by the same limits). No other
// way in (a password reset included) skips it.
import { z } from "zod";
import { currentPasswordParams, hashPassword, needsRehash, verifyPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { hasTwoFactor, verifySecondFactor } from "@/lib/domain/two-factor/totp";
import { verifyPasskeySignIn } from "@/lib/domain/two-factor/webauthn";

export const signInInput = z.object({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
  password: z.string().min(1).max(200),
  /** a TOTP code or a recovery code, for a user with two-factor sign-in */
  otp: z.string().max(40).optional(),
  /** instead of a code: the JSON of a passkey's answer to a sign-in challenge (docs/decisions/1434) */
  passkey: z.string().max(40_000).optional(),
});
export type SignInInput = z.input<typeof signInInput>;

export type AuthenticatedUser = {
  userId: string;
  email: string;
  name: string;
  /** what the session's token carries (docs/decisions/1423) */
  sessionVersion: number;
};

/** A hash of nothing, made at today's parameters (so an unknown email costs what a known one does). */
const dummyHashes = new Map<string, Promise<string>>();

function dummyHash(): Promise<string> {
  const params = currentPasswordParams();
  const key = `${params.N}$${params.r}$${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword("not a password of anyone", params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/**
 * The user whose email and password these are, or `unauthorized` after the same work either way
 * (the first step of a sign-in, and what a passkey sign-in checks before it gets its challenge).
 */
export async function checkPassword(email: string, password: string) {
  const user = await db().user.findUnique({ where: { email } });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) throw invalidCredentials();
  return user;
}

export async function authenticateUser(input: SignInInput): Promise<AuthenticatedUser> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) throw invalidCredentials();
  const { email, password, otp, passkey } = parsed.data;
  const user = await checkPassword(email, password);
  if (await hasTwoFactor(user.id)) {
    if (passkey?.trim()) {
      if (!(await verifyPasskeySignIn(user.id, passkey, Date.now()))) {
        throw new AppError("unauthorized", { detail: "The passkey was not accepted." });
      }
    } else if (!otp?.trim()) {
      throw new AppError("two_factor_required", { detail: "Type the code of your authenticator app." });
    } else if (!(await verifySecondFactor(user.id, otp, Date.now()))) {
      throw new AppError("unauthorized", { detail: "The code is wrong or was used already." });
    }
  }
  if (needsRehash(user.passwordHash)) await rehash(user.id, user.passwordHash, password);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    sessionVersion: user.sessionVersion,
  };
}

/**
 * Replaces an old-parameter hash with one at today's. Only if the row still holds the hash
 * that was checked: a password changed meanwhile is never overwritten with the old one. A
 * failure is logged and the sign-in goes on (the next one tries again).
 */
async function rehash(userId: string, checked: string, password: string): Promise<void> {
  try {
    const passwordHash = await hashPassword(password);
    await db().user.updateMany({ where: { id: userId, passwordHash: checked }, data: { passwordHash } });
  } catch (error) {
    logger().warn({ err: error, userId }, "password rehash failed");
  }
}

function invalidCredentials(): AppError {
  return new AppError("unauthorized", { detail: "The email or the password is wrong." });
}
