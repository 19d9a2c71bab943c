import { listWithFormBlocks, PageSkeleton } from "@/components/ui/page-skeleton";

export default function ApiKeysLoading() {
  return <PageSkeleton label="Loading API keys…" blocks={[listWithFormBlocks("h-80")]} />;
}
