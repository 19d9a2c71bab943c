import { Skeleton } from "@/components/ui/states";

export default function PostbackKeysLoading() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading postback keys…</span>
      <Skeleton className="mb-6 h-8 w-48" />
      <Skeleton className="mb-6 h-20" />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-72" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}
