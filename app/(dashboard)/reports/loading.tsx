import { Skeleton } from "@/components/ui/states";

export default function ReportsLoading() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading the report…</span>
      <Skeleton className="mb-6 h-8 w-40" />
      <Skeleton className="h-40" />
      <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
      <Skeleton className="mt-6 h-96" />
    </div>
  );
}
