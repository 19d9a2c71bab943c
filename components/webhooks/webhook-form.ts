// The register form's values to RegisterWebhookEndpointInput, and the event kinds
// it offers (GraphQL's WebhookEventKind: the domain's kinds in capitals).
export const WEBHOOK_EVENT_KINDS = [
  "IMPRESSION_SERVED",
  "CLICK_RECORDED",
  "CONVERSION_RECORDED",
  "CAMPAIGN_BUDGET_50PCT",
  "CAMPAIGN_BUDGET_90PCT",
  "CAMPAIGN_ENDED",
  "CAMPAIGN_BID_ADJUSTED",
] as const;
export type WebhookEventKindKey = (typeof WEBHOOK_EVENT_KINDS)[number];

/** IMPRESSION_SERVED -> impression.served, as payloads and REST name it. */
export function eventKindName(kind: string): string {
  return kind.toLowerCase().replace("_", ".");
}

export type RegisterWebhookValues = { url: string; events: readonly string[]; batchImpressions: boolean };

/** The form's values as the mutation's input; the server checks the rest (userErrors). */
export function registerWebhookInput(values: RegisterWebhookValues) {
  return {
    url: values.url.trim(),
    events: WEBHOOK_EVENT_KINDS.filter((kind) => values.events.includes(kind)),
    batchImpressions: values.batchImpressions,
  };
}

/** A delivery can be sent again by hand while its endpoint is active and no attempt is under way (the domain's rule). */
export function canRedeliver(status: string, endpointActive: boolean): boolean {
  return endpointActive && status !== "DELIVERING";
}
