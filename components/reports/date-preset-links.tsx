// Google Ads' date ranges as links (local dates in the page's zone), the current one marked:
// the reports page's and the campaign list's (each links to its own page with the range).
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { currentPreset, type DatePreset } from "./report-params";

export function DatePresetLinks({
  presets,
  range,
  hrefOf,
}: {
  presets: readonly DatePreset[];
  range: { start: string; end: string };
  hrefOf: (preset: DatePreset) => string;
}) {
  if (presets.length === 0) return null;
  const chosen = currentPreset(presets, range);
  return (
    <nav aria-label="Date ranges" className="mb-4 flex flex-wrap gap-2">
      {presets.map((preset) => {
        const current = preset.key === chosen;
        return (
          <Link
            key={preset.key}
            href={hrefOf(preset)}
            aria-current={current ? "true" : undefined}
            className={cn(
              "rounded-full border px-3 py-1.5 text-sm font-medium",
              current
                ? "border-blue-700 bg-blue-700 text-white"
                : "border-line bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {preset.label}
          </Link>
        );
      })}
    </nav>
  );
}
