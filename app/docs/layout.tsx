// The docs (/docs/api, /docs/errors, /docs/graphql) keep their own element styles
// (app/globals.css, .legacy). A signed-in reader sees them in the dashboard's frame
// (its navigation, their account; no notification bell), everyone else on a page of
// their own. The pages' content reaches no database; only this layout reads the session.
import type { ReactNode } from "react";
import { currentUser } from "../(dashboard)/_lib/session";
import { ViewerFrame } from "../(dashboard)/_lib/viewer-frame";

export const dynamic = "force-dynamic";

export default async function DocsLayout({ children }: { children: ReactNode }) {
  if (await currentUser()) {
    return (
      <ViewerFrame bell={false}>
        <div className="legacy">{children}</div>
      </ViewerFrame>
    );
  }
  return (
    <main id="main" className="legacy">
      {children}
    </main>
  );
}
