// updateWebhookEndpoint: change the event kinds an endpoint receives (docs/decisions/1242). The
// list given replaces the old one; the URL and the secret stay as registered. Events fanned out
// from then on follow the new list (the fan-out reads it at each event); deliveries already made
// for earlier events keep their course. A deactivated endpoint is not changed (409: nothing
// re-activates it); the same list again writes and records nothing.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { emitWebhooksChanged } from "@/lib/process-events";
import { EVENT_TYPES } from "./events";
import { endpointEvents, getWebhookEndpointOrThrow, webhookEndpointOf } from "./get-webhook-endpoint";
import { updateWebhookEndpointInput, webhookEndpoint, type WebhookEndpoint } from "./webhooks.schemas";

/** updateWebhookEndpoint. */
export const updateWebhookEndpoint = defineOperation({
  name: "updateWebhookEndpoint",
  access: "campaigns:write",
  // declared, so that it binds a token's principal too (docs/decisions/1433): an editor's or an admin's
  role: "editor",
  write: true,
  history: "webhook_endpoint",
  idempotent: true,
  input: updateWebhookEndpointInput,
  output: webhookEndpoint,
  run: (actor, input, { clock }) => updateWebhookEvents(actor, input.id, input.events, { clock }),
});

/** Sets the event kinds of the endpoint `id` (in the domain's order) and answers the endpoint as it is now. */
export async function updateWebhookEvents(
  actor: Actor,
  id: string,
  events: readonly string[],
  options: { clock?: Clock } = {},
): Promise<WebhookEndpoint> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
  const kinds = EVENT_TYPES.filter((kind) => events.includes(kind));
  const now = nowDate(options.clock);
  const by = await changeActorOf(actor);
  const { row, changed } = await db().$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, omit: { secret: true } });
    if (!before.isActive)
      throw new AppError("conflict", {
        detail: "This webhook endpoint is deactivated and cannot be changed; register a new one instead.",
      });
    const fields = fieldChanges({ events: endpointEvents(before.events) }, { events: kinds });
    if (Object.keys(fields).length === 0) return { row: before, changed: false };
    const after = await tx.webhookEndpoint.update({
      where: { id: before.id },
      data: { events: JSON.stringify(kinds) },
      omit: { secret: true },
    });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: updateWebhookEndpoint.name,
      target: { type: "webhook_endpoint", id: before.id },
      fields,
    });
    return { row: after, changed: true };
  });
  // the delivery engine's list of impression.served subscribers follows at once
  if (changed) emitWebhooksChanged(actor.advertiserId);
  return webhookEndpointOf(row);
}
