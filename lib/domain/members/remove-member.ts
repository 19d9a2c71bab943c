// An admin removes a member: the membership is deleted, so every session of that
// user acting for this advertiser ends at its next request (the membership is
// read on every one, docs/decisions/1426); their other advertisers are untouched.
// The last admin cannot be removed. What the member set up goes with them, in the
// same transaction (lib/domain/members/member-credentials.ts, docs/decisions/1430):
// the connected apps they approved, the invitations they sent and, unless the admin
// keeps them on purpose (keep_api_clients), the API keys they created.
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { lastAdminError } from "./change-member-role";
import { forgetCredentialStatuses, revokeLeavingMemberCredentials } from "./member-credentials";
import { memberNotFound } from "./member-rows";
import { removeMemberInput } from "./members.schemas";

export type RemovedMember = {
  userId: string;
  removedAt: Date;
  revokedConnectedApps: number;
  revokedInvitations: number;
  revokedApiClients: number;
};

export const removeMember = defineOperation({
  name: "removeMember",
  access: "session",
  write: true,
  history: ["member", "connected_app", "invitation", "api_client"],
  input: removeMemberInput,
  run: async (actor, input, { clock }): Promise<RemovedMember> => {
    const by = await changeActorOf(actor);
    const now = nowDate(clock);
    const keepApiClients = input.keep_api_clients ?? false;
    const changes = await db().$transaction(async (tx) => {
      const current = await tx.membership.findUnique({
        where: { advertiserId_userId: { advertiserId: actor.advertiserId, userId: input.user_id } },
        select: { role: true },
      });
      if (!current) throw memberNotFound();
      // an admin goes only while another admin stays (checked in the same statement)
      const { count } = await tx.membership.deleteMany({
        where: {
          advertiserId: actor.advertiserId,
          userId: input.user_id,
          ...(current.role === "admin" && {
            advertiser: { memberships: { some: { role: "admin", userId: { not: input.user_id } } } },
          }),
        },
      });
      if (count === 0) {
        if (current.role === "admin") throw lastAdminError("Removing the last admin");
        throw memberNotFound();
      }
      const context = { advertiserId: actor.advertiserId, userId: input.user_id, by, now, reason: "member_removed" };
      const revoked = await revokeLeavingMemberCredentials(tx, context, { keepApiClients });
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: removeMember.name,
        target: { type: "member", id: input.user_id },
        fields: fieldChanges({ role: current.role }, null),
        reason: keepApiClients ? "api_clients_kept" : null,
      });
      return revoked;
    });
    forgetCredentialStatuses(changes);
    return {
      userId: input.user_id,
      removedAt: now,
      revokedConnectedApps: changes.revokedGrantIds.length,
      revokedInvitations: changes.revokedInvitationIds.length,
      revokedApiClients: changes.revokedApiClientIds.length,
    };
  },
});
