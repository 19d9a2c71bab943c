import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";

export default function NotFound() {
  return (
    <EmptyState
      title="Not found"
      action={
        <Link href="/overview" className={buttonClasses("secondary")}>
          Back to the overview
        </Link>
      }
    >
      This page does not exist, or it belongs to another advertiser.
    </EmptyState>
  );
}
