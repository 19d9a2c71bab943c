// The register form's values to RegisterWebhookEndpointInput, checked by the
// API's own schema (registerWebhookInput of lib/domain/webhooks) before sending,
// and the event kinds it offers (GraphQL's WebhookEventKind: the domain's kinds
// in capitals).
import type { WebhookEventKind } from "@/graphql/__generated__/client/graphql";
import { registerWebhookInput } from "@/lib/domain/webhooks/webhooks.schemas";
import { EVENT_TYPES } from "@/lib/webhooks/events";
import { zodFieldErrors } from "@/components/form-errors";

/** The domain's event kinds in its order, as GraphQL names them (impression.served -> IMPRESSION_SERVED). */
export const WEBHOOK_EVENT_KINDS = EVENT_TYPES.map((kind) => kind.toUpperCase().replace(".", "_") as WebhookEventKind);

/** IMPRESSION_SERVED -> impression.served, as payloads and REST name it. */
export function eventKindName(kind: string): string {
  return kind.toLowerCase().replace("_", ".");
}

export type RegisterWebhookValues = { url: string; events: readonly string[]; batchImpressions: boolean };

/** The form's values as the mutation's input; the server checks the rest (userErrors). */
export function webhookInput(values: RegisterWebhookValues) {
  return {
    url: values.url.trim(),
    events: WEBHOOK_EVENT_KINDS.filter((kind) => values.events.includes(kind)),
    batchImpressions: values.batchImpressions,
  };
}

/** The shared schema's refusals of that input, keyed by field ({} when it passes). */
export function webhookErrors(input: ReturnType<typeof webhookInput>): Record<string, string> {
  const result = registerWebhookInput.safeParse({
    url: input.url,
    events: input.events.map(eventKindName),
    batch_impressions: input.batchImpressions,
  });
  return result.success ? {} : zodFieldErrors(result.error);
}

/** A delivery can be sent again by hand while its endpoint is active and no attempt is under way (the domain's rule). */
export function canRedeliver(status: string, endpointActive: boolean): boolean {
  return endpointActive && status !== "DELIVERING";
}
