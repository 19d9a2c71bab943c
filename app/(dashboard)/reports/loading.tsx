import { PageSkeleton } from "@/components/ui/page-skeleton";

const TOTALS = {
  grid: "mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6",
  blocks: ["h-20", "h-20", "h-20", "h-20", "h-20", "h-20"],
};

export default function ReportsLoading() {
  return <PageSkeleton label="Loading the report…" blocks={["h-40", TOTALS, "mt-6 h-96"]} />;
}
