// The docs (/docs/api, /docs/errors, /docs/graphql) keep their own element styles
// (app/globals.css, .legacy). A signed-in reader sees them in the dashboard's frame
// (its navigation, their account), everyone else on a page of their own. The
// pages' content reaches no database; only this layout reads the session.
import type { ReactNode } from "react";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { currentUser } from "../(dashboard)/_lib/session";
import { roleOfGraphql, shellViewer, switcherMembership } from "../(dashboard)/_lib/shell";

export const dynamic = "force-dynamic";

export default async function DocsLayout({ children }: { children: ReactNode }) {
  if (await currentUser()) {
    const viewer = await shellViewer();
    return (
      <DashboardFrame
        advertiserName={viewer?.advertiser.name}
        role={roleOfGraphql(viewer?.role)}
        memberships={viewer?.memberships.map(switcherMembership) ?? []}
        timeZone={viewer?.user?.timeZone ?? null}
      >
        <div className="legacy">{children}</div>
      </DashboardFrame>
    );
  }
  return (
    <main id="main" className="legacy">
      {children}
    </main>
  );
}
