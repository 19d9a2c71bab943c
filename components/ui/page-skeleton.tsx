// A page's loading state (its loading.tsx): a busy region that says what is loading
// to screen readers, the title's bar, then grey blocks in the page's own layout so
// nothing jumps when the page arrives.
import { cn } from "./cn";
import { Skeleton } from "./states";

/** A block's classes (its height, its margins), or a grid of blocks. */
export type SkeletonBlock = string | { grid: string; blocks: readonly string[] };

/** The layout of a list beside its form (ListWithForm): the list's block, then the form's of `formHeight`. */
export function listWithFormBlocks(formHeight: string): SkeletonBlock {
  return { grid: "grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]", blocks: ["h-72", formHeight] };
}

export function PageSkeleton({
  label,
  titleWidth = "w-40",
  blocks,
}: {
  /** what is loading, in words ("Loading API keys…") */
  label: string;
  titleWidth?: string;
  blocks: readonly SkeletonBlock[];
}) {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">{label}</span>
      <Skeleton className={cn("mb-6 h-8", titleWidth)} />
      {blocks.map((block, index) =>
        typeof block === "string" ? (
          <Skeleton key={index} className={block} />
        ) : (
          <div key={index} className={block.grid}>
            {block.blocks.map((each, at) => (
              <Skeleton key={at} className={each} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}
