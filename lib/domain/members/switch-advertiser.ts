// The signed-in user selects another advertiser they belong to (the dashboard
// header's switcher, docs/decisions/1426): the transport gives the browser a
// session cookie selecting it; every request then acts for it with the role
// the user holds there. An advertiser they do not belong to is 404, as any
// other advertiser's resource.
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { storedRole } from "./member-rows";
import { switchAdvertiserInput, type Membership } from "./members.schemas";

export const switchAdvertiser = defineOperation({
  name: "switchAdvertiser",
  access: "session",
  role: "viewer",
  write: true,
  history: { none: "which advertiser a session acts for, not a change to any advertiser" },
  input: switchAdvertiserInput,
  run: async (actor, input): Promise<Membership> => {
    const userId = requireSessionUser(actor, "Switching advertisers");
    const row = await db().membership.findUnique({
      where: { advertiserId_userId: { advertiserId: input.advertiser_id, userId } },
      select: { advertiserId: true, role: true, createdAt: true, advertiser: { select: { name: true } } },
    });
    if (!row) throw new AppError("not_found", { detail: "You are not a member of this advertiser." });
    return {
      advertiserId: row.advertiserId,
      advertiserName: row.advertiser.name,
      role: storedRole(row.role),
      joinedAt: row.createdAt,
    };
  },
});
