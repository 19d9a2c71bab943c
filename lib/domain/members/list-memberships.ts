// The advertisers the signed-in user belongs to, with their role in each: what
// the dashboard header switches between (docs/decisions/1426). Any member.
import { requireSessionUser } from "@/lib/domain/users/require-session-user";
import { db } from "@/lib/db/client";
import { defineOperation } from "@/lib/operations/operation";
import { storedRole } from "./member-rows";
import { listMembershipsInput, type Membership } from "./members.schemas";

export async function membershipsOf(userId: string): Promise<Membership[]> {
  const rows = await db().membership.findMany({
    where: { userId },
    orderBy: [{ advertiser: { name: "asc" } }, { advertiserId: "asc" }],
    select: { advertiserId: true, role: true, createdAt: true, advertiser: { select: { name: true } } },
  });
  return rows.map((row) => ({
    advertiserId: row.advertiserId,
    advertiserName: row.advertiser.name,
    role: storedRole(row.role),
    joinedAt: row.createdAt,
  }));
}

export const listMemberships = defineOperation({
  name: "listMemberships",
  access: "session",
  role: "viewer",
  write: false,
  input: listMembershipsInput,
  run: (actor) => membershipsOf(requireSessionUser(actor, "Listing your advertisers")),
});
