// The members of the caller's advertiser with their roles, in the order they
// joined. Account administration: admins only (docs/decisions/1009).
import { db } from "@/lib/db/client";
import { defineOperation } from "@/lib/operations/operation";
import { storedRole } from "./member-rows";
import { listMembersInput, type Member } from "./members.schemas";

export const listMembers = defineOperation({
  name: "listMembers",
  access: "session",
  write: false,
  input: listMembersInput,
  run: async (actor): Promise<Member[]> => {
    const rows = await db().membership.findMany({
      where: { advertiserId: actor.advertiserId },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    });
    return rows.map((row) => ({
      userId: row.user.id,
      email: row.user.email,
      name: row.user.name,
      role: storedRole(row.role),
      joinedAt: row.createdAt,
    }));
  },
});
