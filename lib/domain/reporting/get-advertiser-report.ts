// The all-campaigns report (GET /api/ads/reporting/campaigns, GraphQL's
// advertiserReport): getCampaignReport over every campaign of the actor's advertiser at once,
// from the same rollups and zone calendar (docs/decisions/1400), with a
// campaign breakdown beside getCampaignReport's time and targeting ones, and the previous
// period's totals with `compare`. One SQL statement per source reads every
// campaign (campaign_id IN the advertiser's campaigns), so its cost does not
// grow with a query per campaign.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import { defineOperation } from "@/lib/operations/operation";
import { comparisonOf, orderedKeys, reportRequest } from "./get-campaign-report";
import { loadMetrics, type MetricScope } from "./load-metrics";
import { addInto, averageCpmMicros, metricsOf, toRow, zeroSums, type MetricSums } from "./metrics";
import {
  advertiserReportQuery,
  type AdvertiserReport,
  type AdvertiserReportInput,
  type AdvertiserReportRow,
  advertiserReport as advertiserReportOutput,
} from "./reporting.schemas";
import { planLabel, planSources } from "./source-plan";
import { dateOfDayNumber, ZoneCalendar } from "./zone-calendar";

/** Counts against the advertiser's 60 reports a minute (shared with getCampaignReport and getCampaignTimeseries). */
export const getAdvertiserReport = defineOperation({
  name: "getAdvertiserReport",
  access: "reporting:read",
  write: false,
  rateLimit: "report",
  input: advertiserReportQuery,
  output: advertiserReportOutput,
  run: (actor, input, { clock }) => advertiserReport(actor, input, { clock }),
});

const list = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

/** Campaign rows: most spend first, then most impressions, then the name and id (a stable order). */
function byDelivery(a: AdvertiserReportRow, b: AdvertiserReportRow): number {
  if (a.spendMicros !== b.spendMicros) return a.spendMicros > b.spendMicros ? -1 : 1;
  if (a.impressions !== b.impressions) return b.impressions - a.impressions;
  const names = (a.campaignName ?? "").localeCompare(b.campaignName ?? "");
  return names || String(a.key).localeCompare(String(b.key));
}

export async function advertiserReport(
  actor: Actor,
  query: AdvertiserReportInput,
  options: { clock?: Clock } = {},
): Promise<AdvertiserReport> {
  const calendar = ZoneCalendar.forDates(query.timezone, query.start_date, query.end_date);
  const breakdown = query.breakdown;
  const scope: MetricScope = { advertiserId: actor.advertiserId };
  const { request, timeKey } = reportRequest(scope, calendar, breakdown);
  const plan = planSources(calendar, timeKey);
  const asOf = new Date((options.clock ?? systemClock)());

  const [metrics, comparison, campaigns] = await Promise.all([
    loadMetrics(request, plan),
    comparisonOf(scope, query, asOf),
    // the rows' keys and names: the advertiser's campaigns
    breakdown === "campaign" || breakdown === "moment_type" || breakdown === "sport"
      ? db().campaign.findMany({
          where: { advertiserId: actor.advertiserId },
          select: { id: true, name: true, momentTypes: true, sports: true, createdAt: true },
        })
      : Promise.resolve([]),
  ]);

  const totals = zeroSums();
  const byKey = new Map<string | number, MetricSums>();
  for (const row of metrics) {
    addInto(totals, row);
    if (!breakdown) continue;
    const key: string | number =
      breakdown === "day" ? dateOfDayNumber(row.time!) : breakdown === "hour_of_day" ? row.time! : (row.key ?? "");
    addInto(byKey.get(key) ?? byKey.set(key, zeroSums()).get(key)!, row);
  }

  const report: AdvertiserReport = {
    advertiserId: actor.advertiserId,
    period: { start: query.start_date, end: query.end_date, timezone: query.timezone },
    totals: { ...metricsOf(totals), averageCpmPaidMicros: averageCpmMicros(totals), asOf },
    ...(comparison ? { comparison } : {}),
    source: planLabel(plan),
  };
  if (!breakdown) return report;
  const seen = [...byKey.keys()].map(String);
  // a campaign created after the range has no events in it: not a row of it, unless it has some (a seeded history)
  const existing = campaigns.filter((campaign) => campaign.createdAt.getTime() < calendar.endMs);
  const rowOf = (key: string | number) => toRow(key, byKey.get(key) ?? zeroSums());
  report.breakdown = breakdown;
  if (breakdown === "campaign") {
    const names = new Map(campaigns.map((campaign) => [campaign.id, campaign.name]));
    const keys = [...new Set([...existing.map((campaign) => campaign.id), ...seen])];
    report.rows = keys.map((key) => ({ ...rowOf(key), campaignName: names.get(key) ?? "" })).sort(byDelivery);
  } else if (breakdown === "day") report.rows = calendar.days().map((day) => rowOf(day.date));
  else if (breakdown === "hour_of_day") report.rows = Array.from({ length: 24 }, (_, hour) => rowOf(hour));
  else {
    const targeted = existing.flatMap((campaign) =>
      list(breakdown === "moment_type" ? campaign.momentTypes : campaign.sports),
    );
    const order = breakdown === "moment_type" ? MOMENT_TYPE_KEYS : SPORTS;
    report.rows = orderedKeys([...new Set(targeted)], order, seen).map(rowOf);
  }
  return report;
}
