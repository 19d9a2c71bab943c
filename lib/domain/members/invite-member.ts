// An admin invites an email to the advertiser with a role (docs/decisions/1219):
// a single-use link valid 7 days, whose token is kept only as its SHA-256. The
// link is answered this once, for the admin to see (and pass on when email is not
// configured or the send failed); with email configured it is also sent to the
// invitee. Inviting an email again replaces its pending invitation (the earlier
// link stops working). A member's email is refused; so is a 51st pending one.
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { newSecret } from "@/lib/auth/secrets";
import { DAY_MS, nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { invitationEmail } from "@/lib/email/messages";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { invitationSelect, tokenHashOf, toInvitation } from "./member-rows";
import {
  INVITATION_TTL_DAYS,
  inviteMemberInput,
  PENDING_INVITATIONS_MAX,
  type CreatedInvitation,
} from "./members.schemas";

/** The page an invitation's link opens. */
export function invitationUrl(token: string): string {
  return `${env().PUBLIC_BASE_URL}/invite#${token}`;
}

export const inviteMember = defineOperation({
  name: "inviteMember",
  access: "session",
  write: true,
  // each invitation may send an email: an advertiser sends at most this many an hour
  rateLimit: "invitation_send",
  history: "invitation",
  input: inviteMemberInput,
  run: async (actor, input, { clock, log }): Promise<CreatedInvitation> => {
    const inviterId = requireSessionUser(actor, "Inviting a member");
    const now = nowDate(clock);
    const member = await db().membership.findFirst({
      where: { advertiserId: actor.advertiserId, user: { email: input.email } },
      select: { userId: true },
    });
    if (member) {
      throw new AppError("conflict", {
        detail: `${input.email} is already a member of this advertiser.`,
        fieldErrors: [{ path: "email", message: "is already a member of this advertiser" }],
      });
    }
    const token = newSecret("sma_invite");
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
    const by = await changeActorOf(actor);
    const row = await db().$transaction(async (tx) => {
      // the earlier link for this email stops working: one pending invitation per email
      await tx.invitation.updateMany({
        where: { advertiserId: actor.advertiserId, email: input.email, acceptedAt: null, revokedAt: null },
        data: { revokedAt: now },
      });
      const pending = await tx.invitation.count({
        where: { advertiserId: actor.advertiserId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      });
      if (pending >= PENDING_INVITATIONS_MAX) {
        throw new AppError("conflict", {
          detail: `This advertiser has ${PENDING_INVITATIONS_MAX} pending invitations: revoke some before inviting more.`,
        });
      }
      const id = newId("inv");
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: inviteMember.name,
        target: { type: "invitation", id },
        fields: fieldChanges(null, { email: input.email, role: input.role, expires_at: expiresAt.toISOString() }),
      });
      return tx.invitation.create({
        data: {
          id,
          advertiserId: actor.advertiserId,
          email: input.email,
          role: input.role,
          tokenHash: tokenHashOf(token)!,
          invitedById: inviterId,
          createdAt: now,
          expiresAt,
        },
        select: { ...invitationSelect, advertiser: { select: { name: true } } },
      });
    });
    const url = invitationUrl(token);
    const invitation = toInvitation(row, now);
    if (!emailConfigured()) return { invitation, url, emailed: false, emailProblem: "not_configured" };
    try {
      await sendEmail(
        invitationEmail({
          to: input.email,
          advertiserName: row.advertiser.name,
          // a name anyone may choose: the email beside it says who invited (docs/decisions/1430)
          inviterName: row.invitedBy
            ? `${row.invitedBy.name.trim() || row.invitedBy.email} (${row.invitedBy.email})`
            : null,
          role: input.role,
          url,
          expiresAt,
        }),
      );
      return { invitation, url, emailed: true, emailProblem: null };
    } catch (error) {
      // the admin has the link: they pass it on, and the invitation stands
      log.warn({ err: error, invitationId: row.id }, "invitation email not sent");
      return { invitation, url, emailed: false, emailProblem: "send_failed" };
    }
  },
});
