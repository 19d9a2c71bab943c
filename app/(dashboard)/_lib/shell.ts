// The shell's viewer (who is signed in, their role, their advertisers), read once
// per request: the layout shows the advertiser's name (or the switcher) and pages
// that need it too (the notification preview's app name, the role's buttons)
// share the same answer through React's cache().
import { cache } from "react";
import type { Role as GraphqlRole } from "@/graphql/__generated__/client/graphql";
import { ShellViewerDocument } from "@/graphql/__generated__/client/graphql";
import type { SwitcherMembership } from "@/components/shell/advertiser-switcher";
import { isRole, type Role } from "@/lib/auth/roles";
import { query } from "./graphql";

export const shellViewer = cache(async () => (await query(ShellViewerDocument)).viewer);

/** GraphQL's role (ADMIN) as the domain's (admin). */
export function roleOfGraphql(role: GraphqlRole | null | undefined): Role | null {
  const value = role?.toLowerCase();
  return isRole(value) ? value : null;
}

/** The signed-in member's role on the selected advertiser (null: none, which no page offers anything to). */
export async function currentRole(): Promise<Role | null> {
  return roleOfGraphql((await shellViewer())?.role);
}

export function switcherMembership(membership: {
  advertiserId: string;
  advertiserName: string;
  role: GraphqlRole;
  current: boolean;
}): SwitcherMembership {
  return { ...membership, role: roleOfGraphql(membership.role) ?? "viewer" };
}
