"use client";
// A list of regions picked from the ISO 3166 list (lib/domain/regions): the United States
// and Canada with their states and provinces grouped under them, any other country by
// name, and a search over names and codes. Plain checkboxes in fieldsets (one per
// country), so a keyboard reaches each with Tab and a screen reader hears the country as
// the group's name; the chosen regions are listed above the groups, each with a button
// that removes it, and the count is announced politely as it changes.
import { useId, useMemo, useState } from "react";
import { countries, regionName, subdivisionsOf, type Region } from "@/lib/domain/regions/regions";
import { Input } from "@/components/ui/input";

/** The countries whose subdivisions are listed under them (the inventory's bettors live there). */
const GROUPED = ["US", "CA"];

type Group = { country: Region; subdivisions: Region[] };

function allGroups(): { grouped: Group[]; others: Region[] } {
  const all = countries();
  return {
    grouped: GROUPED.map((code) => ({
      country: all.find((c) => c.code === code)!,
      subdivisions: subdivisionsOf(code),
    })),
    others: all.filter((country) => !GROUPED.includes(country.code)),
  };
}

function matches(region: Region, query: string): boolean {
  if (!query) return true;
  const q = query.toLowerCase();
  return (
    region.name.toLowerCase().includes(q) ||
    region.code.toLowerCase() === q ||
    region.code.toLowerCase().endsWith(`-${q}`)
  );
}

export function RegionPicker({
  id,
  legend,
  hint,
  error,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string | null;
  value: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const uid = useId();
  const [query, setQuery] = useState("");
  const { grouped, others } = useMemo(() => allGroups(), []);
  const chosen = new Set(value);
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value.filter((c) => c !== code), code] : value.filter((c) => c !== code));
  const q = query.trim();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const otherMatches = q ? others.filter((country) => matches(country, q)).slice(0, 30) : [];

  const box = (region: Region, label: string) => (
    <label
      key={region.code}
      className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50"
    >
      <input
        type="checkbox"
        className="h-4 w-4 shrink-0 accent-blue-700"
        checked={chosen.has(region.code)}
        onChange={(event) => toggle(region.code, event.target.checked)}
      />
      <span>
        {label} <span className="text-xs text-muted">{region.code}</span>
      </span>
    </label>
  );

  return (
    <fieldset
      id={id}
      className="space-y-2"
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {value.length === 0 ? "No regions chosen" : `${value.length} region${value.length === 1 ? "" : "s"} chosen`}
      </p>
      {value.length ? (
        <ul aria-label={`${legend}: chosen`} className="flex flex-wrap gap-1.5">
          {value.map((code) => (
            <li key={code}>
              <button
                type="button"
                className="rounded-full border border-blue-700 bg-blue-50 px-2.5 py-0.5 text-xs text-ink hover:bg-blue-100"
                aria-label={`Remove ${regionName(code)} (${code})`}
                onClick={() => toggle(code, false)}
              >
                {regionName(code)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        type="search"
        id={`${uid}-search`}
        aria-label={`Search ${legend.toLowerCase()}: states, provinces, countries or codes`}
        placeholder="Search states, provinces, countries"
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="max-h-72 space-y-3 overflow-y-auto rounded-md border border-line p-2">
        {grouped.map(({ country, subdivisions }) => {
          const shown = subdivisions.filter((region) => matches(region, q));
          if (q && !matches(country, q) && shown.length === 0) return null;
          return (
            <fieldset key={country.code} className="space-y-1">
              <legend className="text-xs font-semibold uppercase tracking-wide text-muted">{country.name}</legend>
              {box(country, `All of ${country.name}`)}
              <div className="grid gap-x-2 sm:grid-cols-2">{shown.map((region) => box(region, region.name))}</div>
            </fieldset>
          );
        })}
        {otherMatches.length ? (
          <fieldset className="space-y-1">
            <legend className="text-xs font-semibold uppercase tracking-wide text-muted">Other countries</legend>
            <div className="grid gap-x-2 sm:grid-cols-2">
              {otherMatches.map((country) => box(country, country.name))}
            </div>
          </fieldset>
        ) : q ? null : (
          <p className="px-1.5 text-xs text-muted">Search to add another country.</p>
        )}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
