import { Skeleton } from "@/components/ui/states";

export default function ClearingPricesLoading() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading clearing prices…</span>
      <Skeleton className="mb-6 h-8 w-48" />
      <Skeleton className="h-96" />
      <Skeleton className="mt-4 h-64" />
    </div>
  );
}
