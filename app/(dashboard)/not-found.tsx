import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** A campaign or endpoint that is not the advertiser's, or no such page: answered with HTTP 404. */
export default function NotFound() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <h1 className="text-xl font-semibold text-ink">Not found</h1>
      <p className="max-w-md text-sm text-muted">This page does not exist, or it belongs to another advertiser.</p>
      <Link href="/overview" className={buttonClasses("secondary", "mt-2")}>
        Back to the overview
      </Link>
    </div>
  );
}
