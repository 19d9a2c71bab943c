import { listWithFormBlocks, PageSkeleton } from "@/components/ui/page-skeleton";

export default function PostbackKeysLoading() {
  return (
    <PageSkeleton label="Loading postback keys…" titleWidth="w-48" blocks={["mb-6 h-20", listWithFormBlocks("h-48")]} />
  );
}
