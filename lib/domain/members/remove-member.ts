// An admin removes a member: the membership is deleted, so every session of that
// user acting for this advertiser ends at its next request (the membership is
// read on every one, docs/decisions/1426); their other advertisers are untouched.
// The last admin cannot be removed. The API clients and connected apps of the
// advertiser stay: they belong to the advertiser, not to the person who made them.
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { lastAdminError } from "./change-member-role";
import { memberNotFound } from "./member-rows";
import { removeMemberInput } from "./members.schemas";

export const removeMember = defineOperation({
  name: "removeMember",
  access: "session",
  write: true,
  history: "member",
  input: removeMemberInput,
  run: async (actor, input, { clock }): Promise<{ userId: string; removedAt: Date }> => {
    const by = await changeActorOf(actor);
    await db().$transaction(async (tx) => {
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
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: clock(),
        actor: by,
        operation: removeMember.name,
        target: { type: "member", id: input.user_id },
        fields: fieldChanges({ role: current.role }, null),
      });
    });
    return { userId: input.user_id, removedAt: nowDate(clock) };
  },
});
