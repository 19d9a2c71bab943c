// An admin revokes a pending invitation: its link stops working at once.
// Revoking it again, or after it expired, answers it unchanged; an accepted one
// cannot be revoked (remove the member instead); another advertiser's is 404.
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { recordRevocation } from "@/lib/history/record-revocation";
import { defineOperation } from "@/lib/operations/operation";
import { invitationSelect, toInvitation } from "./member-rows";
import { revokeInvitationInput, type Invitation } from "./members.schemas";

export const revokeInvitation = defineOperation({
  name: "revokeInvitation",
  access: "session",
  write: true,
  history: "invitation",
  input: revokeInvitationInput,
  run: async (actor, input, { clock }): Promise<Invitation> => {
    const now = nowDate(clock);
    const owned = { id: input.id, advertiserId: actor.advertiserId };
    await recordRevocation(
      actor,
      now,
      { operation: revokeInvitation.name, target: { type: "invitation", id: input.id } },
      (tx) =>
        tx.invitation.updateMany({ where: { ...owned, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } }),
    );
    const row = await db().invitation.findFirst({ where: owned, select: invitationSelect });
    if (!row) throw new AppError("not_found", { detail: "No invitation of this advertiser with this id." });
    if (row.acceptedAt) {
      throw new AppError("conflict", {
        detail: "This invitation was accepted: remove the member instead.",
      });
    }
    return toInvitation(row, now);
  },
});
