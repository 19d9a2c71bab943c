// listWebhookEndpoints: the advertiser's webhook endpoints, newest first, deactivated ones
// included (is_active false), never with their secrets; all of them (REST), or
// a page of them by cursor (GraphQL's connection: creation time, then id).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection, type ConnectionArgs } from "@/lib/domain/pagination";
import { defineOperation } from "@/lib/operations/operation";
import { webhookEndpointOf } from "./get-webhook-endpoint";
import {
  listWebhookEndpointsByCursorInput,
  listWebhookEndpointsInput,
  type WebhookEndpoint,
  webhookEndpointList,
} from "./webhooks.schemas";

/** listWebhookEndpoints. */
export const listWebhookEndpoints = defineOperation({
  name: "listWebhookEndpoints",
  access: "campaigns:read",
  write: false,
  input: listWebhookEndpointsInput,
  output: webhookEndpointList,
  run: (actor) => listWebhooks(actor),
});

export async function listWebhooks(actor: Actor): Promise<WebhookEndpoint[]> {
  const rows = await db().webhookEndpoint.findMany({
    where: { advertiserId: actor.advertiserId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    omit: { secret: true },
  });
  return rows.map(webhookEndpointOf);
}

/** listWebhookEndpoints as GraphQL pages it (`webhookEndpoints`). */
export const listWebhookEndpointsByCursor = defineOperation({
  name: "listWebhookEndpointsByCursor",
  access: "campaigns:read",
  write: false,
  input: listWebhookEndpointsByCursorInput,
  run: (actor, input) => webhookEndpointConnection(actor, input),
});

export async function webhookEndpointConnection(
  actor: Actor,
  page: ConnectionArgs,
): Promise<Connection<WebhookEndpoint>> {
  return countedKeysetPage(page, newestFirst("createdAt", "date"), {
    base: { advertiserId: actor.advertiserId },
    count: (args) => db().webhookEndpoint.count(args),
    findMany: (args) => db().webhookEndpoint.findMany({ ...args, omit: { secret: true } }),
    valueOf: (row) => row.createdAt,
    view: webhookEndpointOf,
  });
}
