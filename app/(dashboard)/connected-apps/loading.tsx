import { listWithFormBlocks, PageSkeleton } from "@/components/ui/page-skeleton";

export default function ConnectedAppsLoading() {
  return <PageSkeleton label="Loading connected apps…" blocks={[listWithFormBlocks("h-80")]} />;
}
