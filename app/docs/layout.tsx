// The docs (/docs/api, /docs/errors, /docs/graphql) keep their own element styles
// (app/globals.css, .legacy). A signed-in reader sees them in the dashboard's frame
// (its navigation, their account), everyone else on a page of their own. The
// pages' content reaches no database; only this layout reads the session.
import type { ReactNode } from "react";
import { DashboardFrame } from "@/components/shell/dashboard-frame";
import { currentUser } from "../(dashboard)/_lib/session";
import { shellViewer } from "../(dashboard)/_lib/shell";

export const dynamic = "force-dynamic";

export default async function DocsLayout({ children }: { children: ReactNode }) {
  if (await currentUser()) {
    const advertiser = (await shellViewer())?.advertiser;
    return (
      <DashboardFrame advertiserName={advertiser?.name}>
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
