// What a page says to a member whose role on the selected advertiser is below
// what the page needs (docs/decisions/1009): their role, the roles that may, and
// whom to ask. Its operations refuse them anyway (403 role_required).
import { ROLE_LABELS, rolesFrom, type Role } from "@/lib/auth/roles";
import { EmptyState } from "@/components/ui/states";

export function RoleRequired({ role, least, what }: { role: Role | null; least: Role; what: string }) {
  const roles = rolesFrom(least)
    .map((each) => ROLE_LABELS[each].toLowerCase())
    .join(" or ");
  return (
    <EmptyState title={`Only ${roles === "admin" ? "an admin" : `an ${roles}`} can see ${what}`}>
      Your role on this advertiser is {role ? ROLE_LABELS[role].toLowerCase() : "none"}. Ask an admin of the advertiser
      if you need it.
    </EmptyState>
  );
}
