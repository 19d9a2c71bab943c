import { PageSkeleton } from "@/components/ui/page-skeleton";

const CARDS = { grid: "grid gap-4 sm:grid-cols-2 xl:grid-cols-4", blocks: ["h-28", "h-28", "h-28", "h-28"] };

export default function Loading() {
  return <PageSkeleton label="Loading…" titleWidth="w-48" blocks={[CARDS, "mt-6 h-72"]} />;
}
