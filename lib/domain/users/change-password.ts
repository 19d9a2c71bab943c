// A signed-in user changes their password: the current one is required (checked
// under the sign-in limits, so a session is no faster way to guess it), the new
// one must be at least as long as sign-up asks and not easy to guess (zxcvbn).
// The change raises the session version: every other session of the user ends;
// the caller issues the browser that changed it a new session of the new version
// (docs/decisions/1422, 1423).
import type { Actor } from "@/lib/auth/actor";
import { requireCurrentPassword } from "@/lib/auth/password-attempts";
import { requireStrongPassword } from "@/lib/auth/password-strength";
import { hashPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/client";
import { AppError, parseInput } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { requireSessionUser } from "./require-session-user";
import { changePasswordInput, type ChangePasswordInput } from "./users.schemas";

export type ChangedPassword = {
  userId: string;
  email: string;
  name: string;
  /** the version the caller's new session carries; every session of an older one is over */
  sessionVersion: number;
};

/** Where the attempt comes from, for the sign-in limits: the client address and the browser's device cookie. */
export type PasswordAttemptSource = { ip: string; deviceCookie?: string | null };

/** GraphQL's changePassword (the dashboard session only): the caller issues the browser a session of the new version. */
export const changePassword = defineOperation({
  name: "changePassword",
  access: "session",
  // a person's own password, whatever their role in the selected advertiser
  role: "viewer",
  write: true,
  history: { none: "a user's own credential, not the advertiser's configuration (and never a secret's value)" },
  input: changePasswordInput,
  run: (actor, input, { clientAddress, deviceCookie }) =>
    changeUserPassword(actor, input, { ip: clientAddress, deviceCookie }),
});

export async function changeUserPassword(
  actor: Actor,
  input: ChangePasswordInput,
  source: PasswordAttemptSource,
): Promise<ChangedPassword> {
  const userId = requireSessionUser(actor, "Changing the password");
  const data = parseInput(changePasswordInput, input);
  const user = await db().user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError("unauthorized", { detail: "The session's user no longer exists." });
  // refused before the current password is checked: a weak choice spends no sign-in attempt
  if (data.new_password === data.current_password) {
    throw new AppError("validation_failed", {
      detail: "new_password: is the current password",
      fieldErrors: [{ path: "new_password", message: "must differ from the current password" }],
    });
  }
  await requireStrongPassword(data.new_password, [user.email, user.name], "new_password");

  await requireCurrentPassword(user, data.current_password, source);

  const passwordHash = await hashPassword(data.new_password);
  const sessionVersion = user.sessionVersion + 1;
  // only over what was checked: a password or session version changed meanwhile is not overwritten
  const { count } = await db().user.updateMany({
    where: { id: user.id, passwordHash: user.passwordHash, sessionVersion: user.sessionVersion },
    data: { passwordHash, sessionVersion },
  });
  if (count === 0) {
    throw new AppError("conflict", {
      detail: "The password or the sessions of this account changed meanwhile. Reload the page and try again.",
    });
  }
  return { userId: user.id, email: user.email, name: user.name, sessionVersion };
}
