// The dashboard's frame around a signed-in reader's page (the dashboard's pages,
// and the docs read signed in): the advertiser's name or the switcher, the role's
// navigation, the user's time zone, from the shell's viewer; the notification bell
// where `bell` asks for it.
import type { ReactNode } from "react";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { roleOfGraphql, shellViewer, switcherMembership } from "./shell";

export async function ViewerFrame({ bell, children }: { bell: boolean; children: ReactNode }) {
  const viewer = await shellViewer();
  return (
    <DashboardFrame
      advertiserName={viewer?.advertiser.name}
      role={roleOfGraphql(viewer?.role)}
      memberships={viewer?.memberships.map(switcherMembership) ?? []}
      timeZone={viewer?.user?.timeZone ?? null}
      unreadNotifications={bell ? (viewer?.notifications?.unreadCount ?? null) : null}
    >
      {children}
    </DashboardFrame>
  );
}
