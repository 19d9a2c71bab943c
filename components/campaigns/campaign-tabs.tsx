// A campaign page's sections as links (no client JavaScript): its overview and
// its change history; the current one is marked for assistive technology.
import Link from "next/link";
import { cn } from "@/components/ui/cn";

export function CampaignTabs({ id, current }: { id: string; current: "overview" | "history" }) {
  const tabs = [
    { key: "overview", label: "Overview", href: `/campaigns/${id}` },
    { key: "history", label: "History", href: `/campaigns/${id}/history` },
  ] as const;
  return (
    <nav aria-label="Campaign sections" className="mb-6 border-b border-line">
      <ul className="-mb-px flex gap-4">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.key === current ? "page" : undefined}
              className={cn(
                "inline-block min-h-10 border-b-2 px-1 py-2 text-sm font-medium",
                tab.key === current ? "border-brand text-brand" : "border-transparent text-muted hover:text-ink",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
