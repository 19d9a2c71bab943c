// A labelled bar of spend against a budget (role=meter), with the pacing line
// when there is one. The bar's width is set by style, so nothing shifts when it moves.
import { cn } from "./cn";

export function BudgetBar({
  fraction,
  marker,
  label,
  className,
}: {
  /** spent / budget in [0, 1] */
  fraction: number;
  /** where even pacing allows spend to be by now, in [0, 1] */
  marker?: number | null;
  label: string;
  className?: string;
}) {
  const percent = Math.round(fraction * 1000) / 10;
  const over = marker !== null && marker !== undefined && fraction > marker + 0.001;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width] duration-500", over ? "bg-amber-600" : "bg-blue-700")}
        style={{ width: `${percent}%` }}
      />
      {marker !== null && marker !== undefined ? (
        <div
          aria-hidden="true"
          className="absolute top-0 h-full w-0.5 bg-slate-900"
          style={{ left: `calc(${Math.min(100, marker * 100)}% - 1px)` }}
          title="Even pacing allowance"
        />
      ) : null}
    </div>
  );
}
