// An admin changes a member's role; it applies at the member's next request
// (the role is read on every one). The last admin cannot be made anything else:
// an advertiser always keeps someone who can manage it. A lower role narrows the
// connected apps the member approved to its scopes and revokes the invitations
// they sent, in the same transaction (docs/decisions/1430).
import { forgetAdvertiserClientStatuses } from "@/lib/auth/clients";
import { forgetAdvertiserGrantStatuses } from "@/lib/auth/oauth/grant-status";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { forgetCredentialStatuses, narrowMemberCredentials, type CredentialChanges } from "./member-credentials";
import { memberNotFound, storedRole } from "./member-rows";
import { changeMemberRoleInput, type Member } from "./members.schemas";

export function lastAdminError(what: string): AppError {
  return new AppError("conflict", {
    detail: `${what} would leave this advertiser without an admin: make another member an admin first.`,
  });
}

export const changeMemberRole = defineOperation({
  name: "changeMemberRole",
  access: "session",
  write: true,
  history: ["member", "connected_app", "invitation", "api_client"],
  input: changeMemberRoleInput,
  run: async (actor, input, { clock }): Promise<Member> => {
    const key = { advertiserId_userId: { advertiserId: actor.advertiserId, userId: input.user_id } };
    const by = await changeActorOf(actor);
    let narrowed: CredentialChanges | null = null;
    const row = await db().$transaction(async (tx) => {
      const current = await tx.membership.findUnique({ where: key, select: { role: true } });
      if (!current) throw memberNotFound();
      if (current.role === "admin" && input.role !== "admin") {
        // conditional on another admin remaining, so two admins demoting each other at once cannot both win
        const { count } = await tx.membership.updateMany({
          where: {
            advertiserId: actor.advertiserId,
            userId: input.user_id,
            role: "admin",
            advertiser: { memberships: { some: { role: "admin", userId: { not: input.user_id } } } },
          },
          data: { role: input.role },
        });
        if (count === 0) throw lastAdminError("Changing the role of the last admin");
      } else {
        await tx.membership.update({ where: key, data: { role: input.role } });
      }
      const fields = fieldChanges({ role: current.role }, { role: input.role });
      if (Object.keys(fields).length > 0) {
        narrowed = await narrowMemberCredentials(
          tx,
          {
            advertiserId: actor.advertiserId,
            userId: input.user_id,
            by,
            now: new Date(clock()),
            reason: "member_demoted",
          },
          input.role,
        );
        await recordChange(tx, {
          advertiserId: actor.advertiserId,
          atMs: clock(),
          actor: by,
          operation: changeMemberRole.name,
          target: { type: "member", id: input.user_id },
          fields,
        });
      }
      return tx.membership.findUniqueOrThrow({
        where: key,
        select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
      });
    });
    if (narrowed) forgetCredentialStatuses(narrowed);
    // what the member's keys and apps may read follows their role at once here (docs/decisions/1433)
    forgetAdvertiserClientStatuses(actor.advertiserId);
    forgetAdvertiserGrantStatuses(actor.advertiserId);
    return {
      userId: row.user.id,
      email: row.user.email,
      name: row.user.name,
      role: storedRole(row.role),
      joinedAt: row.createdAt,
    };
  },
});
