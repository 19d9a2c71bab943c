import type { ReactNode } from "react";

/** The docs pages keep their own element styles (app/globals.css, .legacy). */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return <div className="legacy">{children}</div>;
}
