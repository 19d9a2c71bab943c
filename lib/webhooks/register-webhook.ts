// registerWebhookEndpoint: register a webhook endpoint. The URL must be HTTPS and resolve to public
// addresses (the outbound guard, without connecting); the 32-byte secret is
// returned this once.
import { randomBytes } from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { checkAdvertiserCap } from "@/lib/db/advertiser-cap";
import { db } from "@/lib/db/client";
import { validationError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { newUuid } from "@/lib/ids";
import { defineOperation } from "@/lib/operations/operation";
import { OutboundBlockedError, vetOutboundUrl } from "@/lib/outbound/guarded-request";
import { emitWebhooksChanged } from "@/lib/process-events";
import { webhookEndpointOf } from "./get-webhook-endpoint";
import {
  registerWebhookInput,
  type NewWebhookEndpoint,
  type RegisteredWebhookEndpoint,
  registeredWebhookEndpoint,
} from "./webhooks.schemas";

/** Active endpoints per advertiser: each one multiplies every event's deliveries. */
export const MAX_ACTIVE_ENDPOINTS = 20;

export const SECRET_WARNING =
  "Store this secret now: it is shown only once and cannot be retrieved again. It is the HMAC-SHA256 key of " +
  "X-Service-Signature; to replace it, register a new endpoint and deactivate this one.";

/** registerWebhookEndpoint. */
export const registerWebhookEndpoint = defineOperation({
  name: "registerWebhookEndpoint",
  access: "campaigns:write",
  write: true,
  history: "webhook_endpoint",
  idempotent: true,
  input: registerWebhookInput,
  output: registeredWebhookEndpoint,
  run: (actor, input, { clock }) => registerWebhook(actor, input, { clock }),
});

export async function registerWebhook(
  actor: Actor,
  input: NewWebhookEndpoint,
  options: { allowHosts?: readonly string[]; clock?: Clock } = {},
): Promise<RegisteredWebhookEndpoint> {
  try {
    await vetOutboundUrl(input.url, { allowHosts: options.allowHosts });
  } catch (error) {
    if (error instanceof OutboundBlockedError) {
      throw validationError([{ path: "url", message: error.message }], `url: ${error.message}`);
    }
    throw error;
  }
  const now = nowDate(options.clock);
  const secret = randomBytes(32).toString("hex");
  const by = await changeActorOf(actor);
  const row = await db().$transaction(async (tx) => {
    await checkAdvertiserCap(tx, actor.advertiserId, now, {
      count: (locked) => locked.webhookEndpoint.count({ where: { advertiserId: actor.advertiserId, isActive: true } }),
      max: MAX_ACTIVE_ENDPOINTS,
      refusal: `An advertiser may have at most ${MAX_ACTIVE_ENDPOINTS} active webhook endpoints; deactivate one first.`,
    });
    const created = await tx.webhookEndpoint.create({
      data: {
        id: newUuid(),
        advertiserId: actor.advertiserId,
        url: input.url,
        events: JSON.stringify(input.events),
        secret,
        batchImpressions: input.batch_impressions ?? false,
        createdAt: now,
      },
    });
    // the secret is never recorded
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: registerWebhookEndpoint.name,
      target: { type: "webhook_endpoint", id: created.id },
      fields: fieldChanges(null, {
        url: created.url,
        events: input.events,
        batch_impressions: created.batchImpressions,
        is_active: created.isActive,
      }),
    });
    return created;
  });
  emitWebhooksChanged(actor.advertiserId);
  return { ...webhookEndpointOf(row), secret, warning: SECRET_WARNING };
}
