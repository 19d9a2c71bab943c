import { Skeleton } from "@/components/ui/states";

export default function ConnectedAppsLoading() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading connected apps…</span>
      <Skeleton className="mb-6 h-8 w-40" />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-72" />
        <Skeleton className="h-80" />
      </div>
    </div>
  );
}
