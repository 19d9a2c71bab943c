// Accepting an invitation (docs/decisions/1219): its link's page reads what the
// invitation is (for whom, which advertiser and role, or why it no longer works);
// the invitee joins by signing in (an existing account: its password checked by
// the sign-in, lib/auth/next-auth.ts) or by creating an account with the
// invitation's email. Either way the invitation is spent by a conditional update
// (pending, not expired) in the same transaction as the membership, so a link
// joins once, however many tabs use it at once.
import { requireStrongPassword } from "@/lib/auth/password-strength";
import { hashPassword } from "@/lib/auth/passwords";
import type { Role } from "@/lib/auth/roles";
import { nowDate, type Clock } from "@/lib/clock";
import { db, type Tx } from "@/lib/db/client";
import { AppError, isUniqueViolation, parseInput } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { invitationStatus, storedRole, tokenHashOf } from "./member-rows";
import { joinWithSignUpInput, type InvitationStatus, type JoinWithSignUpInput } from "./members.schemas";

export type InvitationView =
  | {
      status: "pending";
      email: string;
      role: Role;
      advertiserName: string;
      invitedBy: string | null;
      expiresAt: Date;
      /** the email has an account: the invitee signs in to join, else creates one */
      accountExists: boolean;
    }
  | { status: Exclude<InvitationStatus, "pending"> | "unknown" };

async function findInvitation(token: string) {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) return null;
  return db().invitation.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      advertiserId: true,
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      advertiser: { select: { name: true } },
      invitedById: true,
      invitedBy: { select: { name: true, email: true } },
    },
  });
}

/** What the link's page shows: the pending invitation, or why it no longer works. */
export async function invitationByToken(token: string, options: { clock?: Clock } = {}): Promise<InvitationView> {
  const row = await findInvitation(token);
  if (!row) return { status: "unknown" };
  const status = invitationStatus(row, nowDate(options.clock));
  if (status !== "pending") return { status };
  // the inviter's authority is gone (removed, demoted, deleted): the link is as good as revoked
  const inviterIsAdmin = row.invitedById
    ? (await db().membership.count({
        where: { advertiserId: row.advertiserId, userId: row.invitedById, role: "admin" },
      })) > 0
    : false;
  if (!inviterIsAdmin) return { status: "revoked" };
  const account = await db().user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    status,
    email: row.email,
    role: storedRole(row.role),
    advertiserName: row.advertiser.name,
    // the name is the inviter's own choice: their email beside it says who it is (docs/decisions/1430)
    invitedBy: row.invitedBy ? `${row.invitedBy.name.trim() || row.invitedBy.email} (${row.invitedBy.email})` : null,
    expiresAt: row.expiresAt,
    accountExists: account !== null,
  };
}

const UNUSABLE: Record<Exclude<InvitationStatus, "pending"> | "unknown", string> = {
  unknown: "This invitation link is not valid. Ask the admin who invited you for a new one.",
  expired: "This invitation expired (a link works 7 days). Ask the admin who invited you for a new one.",
  accepted: "This invitation was used already: sign in to reach the advertiser.",
  revoked: "This invitation was revoked. Ask the admin who invited you if you should still join.",
};

export function invitationUnusable(status: keyof typeof UNUSABLE): AppError {
  return new AppError("not_found", { detail: UNUSABLE[status] });
}

type Pending = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

async function pendingInvitation(token: string, now: Date): Promise<Pending> {
  const row = await findInvitation(token);
  if (!row) throw invitationUnusable("unknown");
  const status = invitationStatus(row, now);
  if (status !== "pending") throw invitationUnusable(status);
  return row;
}

/** The history row of a user joining through an invitation: the user is the actor (the link was their credential). */
async function recordJoin(
  tx: Tx,
  join: { advertiserId: string; userId: string; role: Role; now: Date; operation: string },
): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: join.userId }, select: { name: true, email: true } });
  await recordChange(tx, {
    advertiserId: join.advertiserId,
    atMs: join.now.getTime(),
    actor: { type: "user", id: join.userId, name: user.name.trim() || user.email },
    operation: join.operation,
    target: { type: "member", id: join.userId },
    fields: fieldChanges(null, { role: join.role }),
  });
}

/**
 * The invitation spent by `userId`, if it still was pending at `now` and its inviter is still an
 * admin of its advertiser (false: another use came first, it expired, or the authority it carried
 * is gone: removing or demoting the inviter revokes it too, docs/decisions/1430, and this holds
 * for invitations sent before that rule).
 */
async function spend(
  tx: Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0],
  invitation: { id: string; advertiserId: string },
  userId: string,
  now: Date,
): Promise<boolean> {
  const { count } = await tx.invitation.updateMany({
    where: {
      id: invitation.id,
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: now },
      invitedBy: { memberships: { some: { advertiserId: invitation.advertiserId, role: "admin" } } },
    },
    data: { acceptedAt: now, acceptedById: userId },
  });
  return count === 1;
}

/** Why an invitation could not be spent: used meanwhile, or its inviter no longer an admin (as revoked). */
async function unusableNow(tx: Tx, id: string, now: Date): Promise<AppError> {
  const row = await tx.invitation.findUnique({
    where: { id },
    select: { acceptedAt: true, revokedAt: true, expiresAt: true },
  });
  const status = row ? invitationStatus(row, now) : "unknown";
  return invitationUnusable(status === "pending" ? "revoked" : status);
}

/**
 * An existing user joins through an invitation (their password was checked by the caller): the
 * invitation must be pending and for their email, and they not a member yet.
 */
export async function acceptInvitation(
  userId: string,
  token: string,
  options: { clock?: Clock } = {},
): Promise<{ advertiserId: string; role: Role }> {
  const now = nowDate(options.clock);
  const invitation = await pendingInvitation(token, now);
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw new AppError("unauthorized", { detail: "The user no longer exists." });
  if (user.email !== invitation.email) {
    throw new AppError("conflict", {
      detail: `This invitation is for ${invitation.email}; you signed in as ${user.email}.`,
    });
  }
  const role = storedRole(invitation.role);
  await db().$transaction(async (tx) => {
    const member = await tx.membership.findUnique({
      where: { advertiserId_userId: { advertiserId: invitation.advertiserId, userId } },
      select: { role: true },
    });
    if (member) throw new AppError("conflict", { detail: "You are a member of this advertiser already." });
    if (!(await spend(tx, invitation, userId, now))) throw await unusableNow(tx, invitation.id, now);
    await tx.membership.create({ data: { advertiserId: invitation.advertiserId, userId, role, createdAt: now } });
    await recordJoin(tx, { advertiserId: invitation.advertiserId, userId, role, now, operation: "acceptInvitation" });
  });
  return { advertiserId: invitation.advertiserId, role };
}

/**
 * A new account joins through an invitation: the invitation's email, the name and password given
 * (checked as sign-up checks them); the user and the membership in one transaction.
 */
export async function joinWithSignUp(
  input: JoinWithSignUpInput,
  options: { clock?: Clock } = {},
): Promise<{ userId: string; advertiserId: string; email: string }> {
  const data = parseInput(joinWithSignUpInput, input);
  const now = nowDate(options.clock);
  const invitation = await pendingInvitation(data.token, now);
  const taken = () =>
    new AppError("conflict", {
      detail: `An account with ${invitation.email} exists: sign in to accept the invitation.`,
    });
  if (await db().user.findUnique({ where: { email: invitation.email }, select: { id: true } })) throw taken();
  await requireStrongPassword(data.password, [invitation.email, data.name]);
  const passwordHash = await hashPassword(data.password);
  const userId = newId("usr");
  try {
    await db().$transaction(async (tx) => {
      await tx.user.create({
        data: { id: userId, email: invitation.email, name: data.name, passwordHash, createdAt: now },
      });
      if (!(await spend(tx, invitation, userId, now))) throw await unusableNow(tx, invitation.id, now);
      const role = storedRole(invitation.role);
      await tx.membership.create({ data: { advertiserId: invitation.advertiserId, userId, role, createdAt: now } });
      await recordJoin(tx, { advertiserId: invitation.advertiserId, userId, role, now, operation: joinBySignUp.name });
    });
  } catch (error) {
    // two sign-ups with the email at once: the unique index decides, the loser gets the same conflict
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return { userId, advertiserId: invitation.advertiserId, email: invitation.email };
}

/**
 * The invitation page's sign-up (no session: the link is the credential): the browser then signs
 * in with the invitation's email and the password chosen. Only links that name no pending
 * invitation count against the address; a pending one is spent by its first use.
 */
export const joinBySignUp = defineOperation({
  name: "joinBySignUp",
  access: "public",
  write: true,
  history: "member",
  rateLimit: { policy: "invitation_link_ip", failures: ["not_found"] },
  input: joinWithSignUpInput,
  run: (_actor, input, { clock }) => joinWithSignUp(input, { clock }),
});
