// A page that needs a role (docs/decisions/1009): for a member below it, the page
// says so instead of its content (whose queries would be refused, role_required).
import type { ReactElement } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { RoleRequired } from "@/components/shell/role-required";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { currentRole } from "./shell";

/** null when the signed-in member holds `least` or more; otherwise the page to show instead. */
export async function roleGate(least: Role, title: string, what: string): Promise<ReactElement | null> {
  const role = await currentRole();
  if (role && roleAtLeast(role, least)) return null;
  return (
    <>
      <PageHeader title={title} />
      <RoleRequired role={role} least={least} what={what} />
    </>
  );
}

/** Whether the signed-in member holds `least` or more (a page offers its changes only then). */
export async function hasRole(least: Role): Promise<boolean> {
  const role = await currentRole();
  return role !== null && roleAtLeast(role, least);
}

/** What a page says in place of a change the member's role cannot make. */
export function ReadOnlyNote({ children }: { children: string }) {
  return (
    <p className="text-sm text-muted" data-testid="read-only-note">
      {children}
    </p>
  );
}
