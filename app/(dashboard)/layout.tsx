// The signed-in dashboard: the session is required (the shell's query sends a
// visitor without one to /signin), the advertiser's name from GraphQL, the
// navigation, sign-out (components/shell/dashboard-frame.tsx).
import type { ReactNode } from "react";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { shellViewer } from "./_lib/shell";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const advertiser = (await shellViewer())?.advertiser;
  return <DashboardFrame advertiserName={advertiser?.name}>{children}</DashboardFrame>;
}
