import { z } from "zod";
import { CURRENCY, packageId, targetedPairs } from "../adcp/catalog.ts";
import { MAX_REPORT_DAYS } from "../api-contract.ts";
import { REPORTS_PER_MINUTE } from "../api-values.ts";
import { utcDate } from "../adcp/dates.ts";
import { adcpRequest, adcpResponse, completed } from "../adcp/envelope.ts";
import { selectMediaBuys } from "../adcp/listing.ts";
import { mediaBuyStatus } from "../adcp/media-buys.ts";
import type { Campaign, CampaignReport, ReportRow, ReportTotals } from "../rest-client.ts";
import { defineTool, ToolInputError } from "../tool.ts";
import { mediaBuyStatusFilter } from "./get-media-buys.ts";

const DAY_MS = 86_400_000;

type Metrics = Pick<ReportTotals, "impressions" | "clicks" | "ctr" | "conversions" | "spend_usd" | "spend_micros"> &
  Pick<ReportTotals, "average_cpm_paid_usd" | "cost_per_conversion_usd">;

const NOTHING: Metrics = {
  impressions: 0,
  clicks: 0,
  ctr: 0,
  conversions: 0,
  spend_usd: 0,
  spend_micros: 0,
  average_cpm_paid_usd: 0,
  cost_per_conversion_usd: null,
};

/** AdCP's names for a report's figures; every rate is the service's (worked out from its integers). */
function metrics(row: Metrics) {
  return {
    impressions: row.impressions,
    spend: row.spend_usd,
    clicks: row.clicks,
    ctr: row.ctr,
    conversions: row.conversions,
    ...(row.cost_per_conversion_usd !== null ? { cost_per_acquisition: row.cost_per_conversion_usd } : {}),
  };
}

/** Micro-dollars (exact integers from the service) -> USD, once, after summing. */
const usdOf = (micros: bigint) => Number(micros) / 1_000_000;

/** The report rows of each package: exact when the campaign varies along one dimension only. */
function packageRows(
  campaign: Campaign,
  pairs: { momentType: string; sport: string }[],
  rows: ReportRow[] | undefined,
) {
  if (pairs.length === 1) return undefined;
  const byKey = new Map((rows ?? []).map((row) => [String(row.key), row]));
  const key = campaign.sports.length === 1 ? "momentType" : "sport";
  return pairs.map((pair) => ({ pair, row: byKey.get(pair[key]) }));
}

export const getMediaBuyDelivery = defineTool({
  name: "get_media_buy_delivery",
  title: "AdCP: media buy delivery",
  description:
    "AdCP: delivery of media buys from our reports (UTC days): impressions, spend (USD), clicks, CTR (0-1), conversions, " +
    "per package and per day, and totals across the buys. start_date and end_date (YYYY-MM-DD, inclusive, at most 366 " +
    "days) or neither for the lifetime (up to the last 366 days). By media_buy_ids, or by status_filter (default active " +
    `and paused). Each buy takes one or two reports, and reports are limited to ${REPORTS_PER_MINUTE} a minute per advertiser: ask ` +
    "for the buys you need.",
  input: {
    ...adcpRequest,
    media_buy_ids: z.array(z.string()).optional(),
    status_filter: mediaBuyStatusFilter,
    start_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    end_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    include_package_daily_breakdown: z.boolean().optional(),
  },
  output: {
    ...adcpResponse,
    reporting_period: z.object({ start: z.string(), end: z.string() }),
    currency: z.string(),
    media_buy_deliveries: z.array(z.looseObject({ media_buy_id: z.string() })),
  },
  operations: ["listCampaigns", "getCampaign", "listMomentTypes", "getCampaignReport"],
  run: async (args, { api, now }) => {
    if ((args.start_date === undefined) !== (args.end_date === undefined))
      throw new ToolInputError("Give both start_date and end_date, or neither (lifetime).", {
        field: args.start_date === undefined ? "start_date" : "end_date",
      });
    const today = utcDate(now());
    const selected = await selectMediaBuys(api, args, ["active", "paused", "pending_start", "pending_creatives"]);
    const campaigns = selected.campaigns;
    const missing = selected.missing.map(({ index, error }) => ({
      code: "MEDIA_BUY_NOT_FOUND",
      message: error.detail,
      field: `media_buy_ids[${index}]`,
    }));

    const earliest = new Date(Date.parse(today) - (MAX_REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const lifetimeStart = campaigns.reduce(
      (min, campaign) => (campaign.start_date < min ? campaign.start_date : min),
      today,
    );
    const start =
      args.start_date ?? (lifetimeStart < earliest ? earliest : lifetimeStart > today ? today : lifetimeStart);
    const end = args.end_date ?? today;

    const catalog = await api.read("listMomentTypes");
    const warnings: { code: string; message: string; field?: string }[] = [...missing];
    const deliveries: {
      media_buy_id: string;
      totals: ReturnType<typeof metrics> & { effective_rate: number };
      [key: string]: unknown;
    }[] = [];
    // across buys: integers only (the reports' spend_micros), so no float drifts into the total
    const aggregate = { impressions: 0, clicks: 0, conversions: 0, spendMicros: 0n };
    for (const campaign of campaigns) {
      const daily = await api.read("getCampaignReport", {
        path: { id: campaign.id },
        query: { start_date: start, end_date: end, breakdown: "day", timezone: "UTC" },
      });
      const pairs = targetedPairs(catalog, campaign.moment_types, campaign.sports);
      let split: CampaignReport | undefined;
      if (pairs.length > 1 && (campaign.sports.length === 1 || campaign.moment_types.length === 1)) {
        const breakdown = campaign.sports.length === 1 ? "moment_type" : "sport";
        split = await api.read("getCampaignReport", {
          path: { id: campaign.id },
          query: { start_date: start, end_date: end, breakdown, timezone: "UTC" },
        });
      } else if (pairs.length > 1) {
        warnings.push({
          code: "UNSUPPORTED_GRANULARITY",
          message: `Media buy ${campaign.id} targets several moment types in several sports: its totals are exact, per-package delivery is not available.`,
        });
      }
      const paused = campaign.status === "paused";
      const perPackage =
        pairs.length === 1
          ? [{ pair: pairs[0]!, row: daily.totals as ReportRow | ReportTotals | undefined }]
          : split
            ? packageRows(campaign, pairs, split.rows)!
            : [];
      aggregate.impressions += daily.totals.impressions;
      aggregate.clicks += daily.totals.clicks;
      aggregate.conversions += daily.totals.conversions;
      aggregate.spendMicros += BigInt(daily.totals.spend_micros);
      deliveries.push({
        media_buy_id: campaign.id,
        status: mediaBuyStatus(campaign),
        pricing_model: "cpm",
        totals: { ...metrics(daily.totals), effective_rate: daily.totals.average_cpm_paid_usd },
        by_package: perPackage.map(({ pair, row }) => {
          const values = row ?? NOTHING;
          return {
            package_id: packageId(campaign.id, pair.momentType, pair.sport),
            ...metrics(values),
            pricing_model: "cpm",
            rate: values.average_cpm_paid_usd,
            currency: CURRENCY,
            paused,
            ...(args.include_package_daily_breakdown && pairs.length === 1
              ? {
                  daily_breakdown: (daily.rows ?? []).map((day) => ({
                    date: String(day.key),
                    impressions: day.impressions,
                    spend: day.spend_usd,
                    conversions: day.conversions,
                  })),
                }
              : {}),
          };
        }),
        daily_breakdown: (daily.rows ?? []).map((day) => ({
          date: String(day.key),
          impressions: day.impressions,
          spend: day.spend_usd,
          conversions: day.conversions,
        })),
      });
    }
    return completed(
      {
        reporting_period: { start: `${start}T00:00:00Z`, end: `${end}T23:59:59Z` },
        currency: CURRENCY,
        aggregated_totals: {
          impressions: aggregate.impressions,
          spend: usdOf(aggregate.spendMicros),
          clicks: aggregate.clicks,
          conversions: aggregate.conversions,
          media_buy_count: deliveries.length,
        },
        media_buy_deliveries: deliveries,
        ...(warnings.length ? { errors: warnings } : {}),
      },
      args.context,
    );
  },
});
