import { Skeleton } from "@/components/ui/states";

export default function WebhooksLoading() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading webhooks…</span>
      <Skeleton className="mb-6 h-8 w-40" />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-72" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}
