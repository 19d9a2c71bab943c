// The signed-in dashboard: the session is required (the shell's query sends a
// visitor without one to /signin), the advertiser's name from GraphQL, the
// navigation, the notification bell, sign-out (components/shell/dashboard-frame.tsx).
import type { ReactNode } from "react";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { roleOfGraphql, shellViewer, switcherMembership } from "./_lib/shell";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await shellViewer();
  return (
    <DashboardFrame
      advertiserName={viewer?.advertiser.name}
      role={roleOfGraphql(viewer?.role)}
      memberships={viewer?.memberships.map(switcherMembership) ?? []}
      timeZone={viewer?.user?.timeZone ?? null}
      unreadNotifications={viewer?.notifications?.unreadCount ?? null}
    >
      {children}
    </DashboardFrame>
  );
}
