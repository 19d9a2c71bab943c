// Dashboard sign-in: an email and a password -> the user and their advertiser.
// A wrong email and a wrong password fail alike, after the same amount of work
// (a password is always checked, against a dummy hash when the email is unknown).
import { z } from "zod";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export const signInInput = z.object({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
  password: z.string().min(1).max(200),
});
export type SignInInput = z.input<typeof signInInput>;

export type AuthenticatedUser = { userId: string; advertiserId: string; email: string; name: string };

let dummyHash: Promise<string> | undefined;

export async function authenticateUser(input: SignInInput): Promise<AuthenticatedUser> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) throw invalidCredentials();
  const { email, password } = parsed.data;
  const user = await db().user.findUnique({ where: { email } });
  dummyHash ??= hashPassword("not a password of anyone");
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok) throw invalidCredentials();
  return { userId: user.id, advertiserId: user.advertiserId, email: user.email, name: user.name };
}

function invalidCredentials(): AppError {
  return new AppError("unauthorized", { detail: "The email or the password is wrong." });
}
