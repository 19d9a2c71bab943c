// "Sign out everywhere": the user's session version goes up, so every dashboard
// session issued before (this browser's, other browsers', a copied cookie) is
// signed out at its next request, on every instance (docs/decisions/1423).
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { requireSessionUser } from "./require-session-user";
import { signOutEverywhereInput } from "./users.schemas";

export async function signOutEverywhere(
  actor: Actor,
  options: { clock?: Clock } = {},
): Promise<{ signed_out_at: string }> {
  const userId = requireSessionUser(actor, "Signing out everywhere");
  const { count } = await db().user.updateMany({
    where: { id: userId },
    data: { sessionVersion: { increment: 1 } },
  });
  if (count === 0) throw new AppError("unauthorized", { detail: "The session's user no longer exists." });
  return { signed_out_at: nowDate(options.clock).toISOString() };
}

/** The operation: the dashboard session only (a person's own sessions, whatever their role). */
export const signOutEverywhereOperation = defineOperation({
  name: "signOutEverywhere",
  access: "session",
  role: "viewer",
  write: true,
  input: signOutEverywhereInput,
  run: (actor, _input, { clock }) => signOutEverywhere(actor, { clock }),
});
