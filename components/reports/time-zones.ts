// The report's time zones: IANA's canonical names (Asia/Kolkata, Europe/Kyiv),
// not the older names the runtime's ICU data keeps as its own (Asia/Calcutta,
// Europe/Kiev), each with its UTC offset now; a zone typed or linked under any
// name (an alias, a former name, a city) is read as its canonical zone. The
// list is @vvo/tzdb's (IANA's current names of the zones ICU knows); ICU says
// which zone a name stands for, so a link resolves exactly to its target.
import { timeZonesNames } from "@vvo/tzdb";
import { DateTime } from "luxon";

/** The zone ICU resolves `name` to (its own canonical name), or null for no zone. */
function icuZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** ICU's name of a zone -> IANA's canonical one, where they differ (Asia/Calcutta -> Asia/Kolkata). */
const IANA_NAME = new Map<string, string>();
const ZONES: string[] = ["UTC"];
for (const name of timeZonesNames) {
  const icu = icuZone(name);
  if (!icu || name === "UTC") continue;
  if (icu !== name) IANA_NAME.set(icu, name);
  ZONES.push(name);
}

/** Every zone offered: UTC first, then IANA's canonical names in alphabetical order. */
export const TIME_ZONES: readonly string[] = ZONES;

/** The city part of a zone, as people write it: "America/Argentina/Buenos_Aires" -> "buenos aires". */
function cityOf(zone: string): string {
  return (zone.split("/").pop() ?? zone).replaceAll("_", " ").toLowerCase();
}

/**
 * The canonical IANA zone of `input`: any name a zone goes by (a link, a former name, any
 * case), or a city that names one zone ("Kolkata", "new york"); null when none.
 */
export function canonicalTimeZone(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const icu = icuZone(text);
  if (icu) return IANA_NAME.get(icu) ?? icu;
  const city = text.replaceAll("_", " ").toLowerCase();
  const matches = ZONES.filter((zone) => cityOf(zone) === city);
  return matches.length === 1 ? matches[0]! : null;
}

/** "UTC+05:30" for Asia/Kolkata at `nowMs` (daylight saving time included); "UTC+00:00" for UTC. */
export function utcOffset(zone: string, nowMs: number): string {
  const at = DateTime.fromMillis(nowMs, { zone });
  return at.isValid ? `UTC${at.toFormat("ZZ")}` : "";
}

/** The options of the zone field: each zone with its offset now and its city, for searching. */
export function timeZoneOptions(nowMs: number): { value: string; label: string }[] {
  return ZONES.map((zone) => ({
    value: zone,
    label:
      zone === "UTC"
        ? "UTC+00:00 · Coordinated Universal Time"
        : `${utcOffset(zone, nowMs)} · ${cityOf(zone).replace(/\b\w/g, (c) => c.toUpperCase())}`,
  }));
}
