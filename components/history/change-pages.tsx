// The links between pages of a change history (the connection's cursor): back to
// the newest changes from a later page, on to older ones while there are more.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export function ChangePages({ newestHref, olderHref }: { newestHref: string | null; olderHref: string | null }) {
  if (!newestHref && !olderHref) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
      {newestHref ? (
        <Link className={buttonClasses("secondary")} href={newestHref}>
          Newest
        </Link>
      ) : (
        <span />
      )}
      {olderHref ? (
        <Link className={buttonClasses("secondary")} href={olderHref}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
