import { listWithFormBlocks, PageSkeleton } from "@/components/ui/page-skeleton";

export default function WebhooksLoading() {
  return <PageSkeleton label="Loading webhooks…" blocks={[listWithFormBlocks("h-96")]} />;
}
