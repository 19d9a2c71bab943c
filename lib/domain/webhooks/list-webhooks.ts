// E12: the advertiser's webhook endpoints, newest first, deactivated ones
// included (is_active false), never with their secrets.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { toEndpointView } from "./get-webhook-endpoint";
import type { WebhookListView } from "./webhooks.schemas";

export async function listWebhooks(actor: Actor): Promise<WebhookListView> {
  const rows = await db().webhookEndpoint.findMany({
    where: { advertiserId: actor.advertiserId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    omit: { secret: true },
  });
  return { endpoints: rows.map(toEndpointView) };
}
