"use client";
// The region breakdown as a map: the US states (and DC) and the Canadian provinces and
// territories as equal tiles laid out roughly where they lie (a tile grid map, docs/decisions/
// 0313), shaded by the chosen metric in five classes. Equal tiles keep Rhode Island as
// readable as Texas and need no shapes; the layout below is positions, not geography. The
// metric is a radio group (keyboard: arrows); the SVG is one image with a text summary, and
// the table beside it (ReportTable) holds every number for screen readers and keyboards.
import { useId, useState } from "react";
import { formatCount, formatPercent, formatUsd } from "@/components/format";
import type { BreakdownBar } from "./chart-data";

/** [code, column, row]: Canada in rows 0-1, the United States below. */
// prettier-ignore
const TILES: readonly (readonly [string, number, number])[] = [
  ["CA-YT", 0, 0],
  ["CA-NT", 1, 0],
  ["CA-NU", 2, 0],
  ["CA-NL", 9, 0],
  ["CA-PE", 10, 0],
  ["CA-BC", 0, 1],
  ["CA-AB", 1, 1],
  ["CA-SK", 2, 1],
  ["CA-MB", 3, 1],
  ["CA-ON", 5, 1],
  ["CA-QC", 7, 1],
  ["CA-NB", 9, 1],
  ["CA-NS", 10, 1],
  ["US-AK", 0, 3],
  ["US-ME", 10, 3],
  ["US-VT", 9, 4],
  ["US-NH", 10, 4],
  ["US-WA", 0, 5],
  ["US-ID", 1, 5],
  ["US-MT", 2, 5],
  ["US-ND", 3, 5],
  ["US-MN", 4, 5],
  ["US-IL", 5, 5],
  ["US-WI", 6, 5],
  ["US-MI", 7, 5],
  ["US-NY", 8, 5],
  ["US-RI", 9, 5],
  ["US-MA", 10, 5],
  ["US-OR", 0, 6],
  ["US-NV", 1, 6],
  ["US-WY", 2, 6],
  ["US-SD", 3, 6],
  ["US-IA", 4, 6],
  ["US-IN", 5, 6],
  ["US-OH", 6, 6],
  ["US-PA", 7, 6],
  ["US-NJ", 8, 6],
  ["US-CT", 9, 6],
  ["US-CA", 0, 7],
  ["US-UT", 1, 7],
  ["US-CO", 2, 7],
  ["US-NE", 3, 7],
  ["US-MO", 4, 7],
  ["US-KY", 5, 7],
  ["US-WV", 6, 7],
  ["US-VA", 7, 7],
  ["US-MD", 8, 7],
  ["US-DE", 9, 7],
  ["US-AZ", 1, 8],
  ["US-NM", 2, 8],
  ["US-KS", 3, 8],
  ["US-AR", 4, 8],
  ["US-TN", 5, 8],
  ["US-NC", 6, 8],
  ["US-SC", 7, 8],
  ["US-DC", 8, 8],
  ["US-OK", 3, 9],
  ["US-LA", 4, 9],
  ["US-MS", 5, 9],
  ["US-AL", 6, 9],
  ["US-GA", 7, 9],
  ["US-HI", 0, 10],
  ["US-TX", 3, 10],
  ["US-FL", 8, 10],
];
export const MAP_REGIONS: ReadonlySet<string> = new Set(TILES.map(([code]) => code));

const METRICS = {
  impressions: { label: "Impressions", format: formatCount },
  clicks: { label: "Clicks", format: formatCount },
  ctr: { label: "CTR", format: formatPercent },
  conversions: { label: "Conversions", format: formatCount },
  spend: { label: "Spend", format: formatUsd },
} as const;
type Metric = keyof typeof METRICS;

/** Five blues, light to dark (the darkest three take white text: contrast at least 4.5:1 either way). */
const SHADES = ["#dbeafe", "#93c5fd", "#2563eb", "#1d4ed8", "#1e3a8a"];
const NONE = "#f1f5f9";
const SIZE = 40;
const GAP = 4;

function classOf(value: number, max: number): number {
  if (value <= 0 || max <= 0) return -1;
  return Math.min(SHADES.length - 1, Math.floor((value / max) * SHADES.length));
}

export function RegionMap({ rows }: { rows: readonly BreakdownBar[] }) {
  const uid = useId();
  const [metric, setMetric] = useState<Metric>("impressions");
  const byCode = new Map(rows.map((row) => [row.key, row]));
  const value = (row: BreakdownBar | undefined) => (row ? row[metric] : 0);
  const onMap = rows.filter((row) => MAP_REGIONS.has(row.key));
  const max = Math.max(0, ...onMap.map((row) => value(row)));
  const off = rows.filter((row) => !MAP_REGIONS.has(row.key) && value(row) > 0);
  const { label, format } = METRICS[metric];
  const top = [...onMap].sort((a, b) => value(b) - value(a)).filter((row) => value(row) > 0);
  const summary =
    `Map of the US states and Canadian provinces shaded by ${label.toLowerCase()}. ` +
    (top.length
      ? `Highest: ${top
          .slice(0, 3)
          .map((row) => `${row.label} ${format(value(row))}`)
          .join("; ")}. The table lists every region.`
      : "No delivery in these regions.");
  const width = 11 * (SIZE + GAP);
  const height = 11 * (SIZE + GAP);
  return (
    <figure className="min-w-0 space-y-3" data-testid="region-map">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <legend className="mb-1 text-xs font-medium text-muted">Shade the map by</legend>
        {(Object.keys(METRICS) as Metric[]).map((key) => (
          <label key={key} className="flex cursor-pointer items-center gap-1.5">
            <input
              type="radio"
              name={`${uid}-metric`}
              value={key}
              checked={metric === key}
              onChange={() => setMetric(key)}
              className="h-4 w-4 accent-blue-700"
            />
            {METRICS[key].label}
          </label>
        ))}
      </fieldset>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-auto w-full max-w-xl">
        {TILES.map(([code, column, row]) => {
          const data = byCode.get(code);
          const shade = classOf(value(data), max);
          const fill = shade < 0 ? NONE : SHADES[shade]!;
          const x = column * (SIZE + GAP);
          const y = row * (SIZE + GAP);
          return (
            <g key={code} data-region={code} data-shade={shade}>
              <title>{`${data?.label ?? code}: ${format(value(data))}`}</title>
              <rect x={x} y={y} width={SIZE} height={SIZE} rx={4} fill={fill} stroke="#cbd5e1" />
              <text
                x={x + SIZE / 2}
                y={y + SIZE / 2 + 4}
                textAnchor="middle"
                fontSize={12}
                fontWeight={600}
                fill={shade >= 2 ? "#ffffff" : "#0f172a"}
                aria-hidden="true"
              >
                {code.slice(3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="space-y-1 text-xs text-muted">
        <span className="flex flex-wrap items-center gap-2" aria-hidden="true">
          <span className="inline-block h-3 w-3 rounded-sm border border-line" style={{ background: NONE }} /> none
          {SHADES.map((shade, index) => (
            <span key={shade} className="flex items-center gap-1">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: shade }} />
              {max > 0 ? `≤ ${format((max * (index + 1)) / SHADES.length)}` : ""}
            </span>
          ))}
        </span>
        {off.length ? (
          <span className="block" data-testid="off-map">
            Not on the map: {off.map((row) => `${row.label} ${format(value(row))}`).join("; ")}.
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
