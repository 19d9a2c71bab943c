// DataLoaders, created per request (one per context): every relation a page
// of results reaches is loaded for the whole page in one query, so a page of
// 100 campaigns with their creatives and performance costs the same handful of
// queries as a page of 1 (graphql/query-count.int.test.ts). Each batch calls a
// domain service scoped by the caller's advertiser.
import DataLoader from "dataloader";
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import { advertiserOf } from "@/lib/domain/advertisers/get-advertiser";
import { accountLimited } from "@/lib/domain/billing/accounts";
import { getApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { getCampaignRecords } from "@/lib/domain/campaigns/campaign-connection";
import { findCreativeCampaigns, loadCampaignCreatives } from "@/lib/domain/creatives/campaign-creatives";
import { getPostbackKeys } from "@/lib/domain/postback-keys/postback-key-connections";
import { advertiserToday } from "@/lib/domain/reporting/get-advertiser-today";
import { getWebhookDeliveries, getWebhookEndpoints } from "@/lib/webhooks/get-webhooks-by-id";

const MAX_BATCH = 500;

function batched<V, R>(load: (ids: readonly string[]) => Promise<Map<string, V>>, present: (value: V) => R) {
  return new DataLoader<string, R | null>(
    async (ids) => {
      const found = await load(ids);
      return ids.map((id) => {
        const value = found.get(id);
        return value === undefined ? null : present(value);
      });
    },
    { maxBatchSize: MAX_BATCH },
  );
}

/** One value per request, computed on first use. */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}

export function createLoaders(actor: Actor, clock: Clock) {
  return {
    campaign: batched(
      (ids) => getCampaignRecords(actor, ids),
      (value) => value,
    ),
    campaignCreatives: batched(
      (ids) => loadCampaignCreatives(actor, ids),
      (value) => value,
    ),
    creativeCampaign: batched(
      (ids) => findCreativeCampaigns(actor, ids),
      (value) => value,
    ),
    webhookEndpoint: batched(
      (ids) => getWebhookEndpoints(actor, ids),
      (value) => value,
    ),
    webhookDelivery: batched(
      (ids) => getWebhookDeliveries(actor, ids),
      (value) => value,
    ),
    apiClient: batched(
      (ids) => getApiClients(actor, ids),
      (value) => value,
    ),
    postbackKey: batched(
      (ids) => getPostbackKeys(actor, ids),
      (value) => value,
    ),
    advertiser: once(() => advertiserOf(actor)),
    today: once(() => advertiserToday(actor, { clock })),
    accountLimited: once(() => accountLimited(actor.advertiserId)),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
