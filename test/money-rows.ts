// The raw rows behind the money columns (docs/decisions/1235), for tests that check a report's
// figures against them: a campaign's random delivery and conversions recorded through the
// domain's own recording function, and what the stored rows sum to over local dates (filtered
// with luxon, not by the service's SQL), divided in floating point.
import { DateTime } from "luxon";
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { createRng } from "@/lib/random";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery, type SeedImpression } from "@/test/factories/delivery";

const at = (iso: string) => Date.parse(iso);

export type Expected = {
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  conversion_value_micros: number;
};

/** What the rows the service recorded hold for these campaigns over local dates start..end in a zone. */
export async function fromRecordedRows(campaignIds: string[], zone: string, start: string, end: string) {
  const localDate = (ms: bigint) => DateTime.fromMillis(Number(ms), { zone }).toISODate()!;
  const inRange = (ms: bigint) => localDate(ms) >= start && localDate(ms) <= end;
  const where = { campaignId: { in: campaignIds } };
  const [impressions, clicks, conversions] = await Promise.all([
    db().impression.findMany({ where, select: { servedAtMs: true, costMicros: true } }),
    db().click.findMany({ where, select: { clickedAtMs: true } }),
    db().conversion.findMany({ where, select: { recordedAtMs: true, eventValueMicros: true } }),
  ]);
  const served = impressions.filter((row) => inRange(BigInt(row.servedAtMs)));
  const converted = conversions.filter((row) => inRange(row.recordedAtMs));
  const sums: Expected = {
    impressions: served.length,
    clicks: clicks.filter((row) => inRange(BigInt(row.clickedAtMs))).length,
    conversions: converted.length,
    spend_micros: served.reduce((sum, row) => sum + Number(row.costMicros), 0),
    conversion_value_micros: converted.reduce((sum, row) => sum + Number(row.eventValueMicros ?? 0n), 0),
  };
  return sums;
}

/** The money columns of these sums, worked out in floating point (the service divides integers). */
export function moneyOf(sums: Expected) {
  const usd = (micros: number) => Math.round(micros) / 1e6;
  const ratio = (a: number, b: number) => Math.round((a / b) * 1e6) / 1e6;
  return {
    spend_usd: usd(sums.spend_micros),
    cost_per_click_usd: sums.clicks ? usd(sums.spend_micros / sums.clicks) : null,
    cost_per_conversion_usd: sums.conversions ? usd(sums.spend_micros / sums.conversions) : null,
    conversion_rate: sums.clicks ? ratio(sums.conversions, sums.clicks) : null,
    conversion_value_usd: usd(sums.conversion_value_micros),
    conversion_value_micros: sums.conversion_value_micros,
    roas: sums.spend_micros ? ratio(sums.conversion_value_micros, sums.spend_micros) : null,
  };
}

/** A campaign with random delivery over Nov 1-6 2025, and conversions (some without a value) a few hours after their clicks. */
export async function seeded(advertiserId: string, seed: number) {
  const campaign = await createTestCampaign({ advertiserId, creatives: [{}, {}] });
  const random = createRng(seed);
  const rng = () => random.next();
  const events: SeedImpression[] = [];
  for (let index = 0; index < 60; index++) {
    const servedAtMs = at("2025-11-01T00:00:00Z") + Math.floor(rng() * 6 * 86_400_000);
    events.push({
      creativeId: campaign.creatives[index % 2]!.id,
      servedAtMs,
      costMicros: BigInt(1000 + Math.floor(rng() * 9000)),
      ...(rng() < 0.4 ? { clickedAtMs: servedAtMs + 60_000 + Math.floor(rng() * 3_600_000) } : {}),
    });
  }
  const rows = await seedDelivery(campaign, events);
  for (const row of rows) {
    if (!row.clickedAtMs || rng() < 0.4) continue;
    // values with cents, and some conversions with none (they count 0 toward the value)
    const value = rng() < 0.25 ? undefined : Math.round(rng() * 20_000) / 100;
    const result = await recordPostback(
      { campaign_id: campaign.id, click_id: row.clickId, event_type: "purchase", event_value_usd: value },
      { clock: () => row.clickedAtMs! + Math.floor(rng() * 10 * 3_600_000) },
    );
    expect(result.status).toBe("recorded");
  }
  return campaign;
}
