// The advertiser's pending invitations (not accepted, revoked or expired),
// newest first. Account administration: admins only (docs/decisions/1219).
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { defineOperation } from "@/lib/operations/operation";
import { invitationSelect, toInvitation } from "./member-rows";
import { listInvitationsInput, PENDING_INVITATIONS_MAX, type Invitation } from "./members.schemas";

export const listInvitations = defineOperation({
  name: "listInvitations",
  access: "session",
  write: false,
  input: listInvitationsInput,
  run: async (actor, _input, { clock }): Promise<Invitation[]> => {
    const now = nowDate(clock);
    const rows = await db().invitation.findMany({
      where: { advertiserId: actor.advertiserId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PENDING_INVITATIONS_MAX,
      select: invitationSelect,
    });
    return rows.map((row) => toInvitation(row, now));
  },
});
