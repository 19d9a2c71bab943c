// The signed-in dashboard: the session is required (the shell's query sends a
// visitor without one to /signin), the advertiser's name from GraphQL, the
// navigation, the notification bell, sign-out (components/shell/dashboard-frame.tsx).
import type { ReactNode } from "react";
import { ViewerFrame } from "./_lib/viewer-frame";

export const dynamic = "force-dynamic";

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <ViewerFrame bell>{children}</ViewerFrame>;
}
