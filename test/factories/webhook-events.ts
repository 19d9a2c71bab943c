// Outbox events for webhook tests: valid `data` for every kind, enqueued the
// way the producing areas do (enqueueEvent).
import { db } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import type { EventData, EventType } from "@/lib/webhooks/events";
import { enqueueEvent } from "@/lib/webhooks/outbox";

export function sampleEventData<T extends EventType>(type: T, atMs = Date.now()): EventData<T> {
  const at = new Date(atMs).toISOString();
  const id = randomBase62(12);
  const samples: { [K in EventType]: EventData<K> } = {
    "impression.served": {
      impression_id: `imp_${id}`,
      campaign_id: "cmp_hooks",
      creative_id: "cr_hooks",
      moment_type: "close_game",
      sport: "nba",
      clearing_cpm_usd: 0.42,
      cost_usd: 0.00042,
      served_at: at,
      region: "US-NJ",
    },
    "click.recorded": {
      click_id: `clk_${id}`,
      impression_id: `imp_${id}`,
      campaign_id: "cmp_hooks",
      creative_id: "cr_hooks",
      clicked_at: at,
    },
    "conversion.recorded": {
      conversion_id: `cnv_${id}`,
      click_id: `clk_${id}`,
      campaign_id: "cmp_hooks",
      event_type: "deposit",
      event_value_usd: 25.5,
      event_name: null,
      recorded_at: at,
    },
    "campaign.budget_50pct": { campaign_id: "cmp_hooks", spend_to_date_usd: 50, total_budget_usd: 100 },
    "campaign.budget_90pct": { campaign_id: "cmp_hooks", spend_to_date_usd: 90, total_budget_usd: 100 },
    "campaign.ended": { campaign_id: "cmp_hooks", reason: "budget_exhausted" },
    "campaign.bid_adjusted": {
      campaign_id: "cmp_hooks",
      old_bid_cpm_usd: 1.5,
      new_bid_cpm_usd: 1.25,
      reason: "target CPA",
    },
    "account.balance_low": { mode: "prepaid", available_usd: 12.5, at },
    "account.limit_reached": { mode: "invoiced", available_usd: 0, at },
    "invoice.issued": {
      invoice_id: "ivc_hooks",
      number: "SMA-2026-000001",
      kind: "invoice",
      month: "2026-11",
      total_usd: 42.5,
    },
  };
  return samples[type] as EventData<T>;
}

/** Enqueues one event of `type` in its own transaction; returns the outbox id. */
export async function enqueueTestEvent(advertiserId: string, type: EventType, atMs = Date.now()): Promise<string> {
  return db().$transaction((tx) =>
    enqueueEvent(tx, { advertiserId, type, data: sampleEventData(type, atMs), createdAtMs: atMs }),
  );
}
