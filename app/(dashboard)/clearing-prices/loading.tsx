import { PageSkeleton } from "@/components/ui/page-skeleton";

export default function ClearingPricesLoading() {
  return <PageSkeleton label="Loading clearing prices…" titleWidth="w-48" blocks={["h-96", "mt-4 h-64"]} />;
}
