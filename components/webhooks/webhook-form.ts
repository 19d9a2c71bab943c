// The register form's values to RegisterWebhookEndpointInput, checked by the
// API's own schema (registerWebhookInput of lib/webhooks) before sending,
// and the event kinds it offers (GraphQL's WebhookEventKind: the domain's kinds
// in capitals).
import { z } from "zod";
import type { RegisterWebhookEndpointInput, WebhookEventKind } from "@/graphql/__generated__/client/graphql";
import { registerWebhookInput, updateWebhookEndpointInput } from "@/lib/webhooks/webhooks.schemas";
import { EVENT_TYPES, type EventType } from "@/lib/webhooks/events";
import type { SummaryField } from "@/components/forms/use-error-summary";

/** impression.served -> IMPRESSION_SERVED, as GraphQL names a kind. */
export function eventKindKey(kind: string): WebhookEventKind {
  return kind.toUpperCase().replace(".", "_") as WebhookEventKind;
}

/** The domain's event kinds in its order, as GraphQL names them. */
export const WEBHOOK_EVENT_KINDS = EVENT_TYPES.map(eventKindKey);

/** IMPRESSION_SERVED -> impression.served, as payloads and REST name it. */
export function eventKindName(kind: string): string {
  return kind.toLowerCase().replace("_", ".");
}

/** What each event kind tells, in words (its identifier, which payloads carry, is shown beside it). */
const EVENT_LABELS: Record<EventType, string> = {
  "impression.served": "An ad was shown",
  "click.recorded": "An ad was clicked",
  "conversion.recorded": "A conversion was recorded",
  "campaign.budget_50pct": "A campaign spent half its total budget",
  "campaign.budget_90pct": "A campaign spent 90 % of its total budget",
  "campaign.ended": "A campaign ended",
  "campaign.bid_adjusted": "The target-CPA controller changed a bid",
  "account.balance_low": "The account's balance is running low",
  "account.limit_reached": "The account reached its spending limit",
  "invoice.issued": "An invoice was issued",
};

/** An event kind (REST's impression.served or GraphQL's IMPRESSION_SERVED) in words; an unknown one as it is. */
export function eventKindLabel(kind: string): string {
  const name = kind.includes(".") ? kind : eventKindName(kind);
  return Object.hasOwn(EVENT_LABELS, name) ? EVENT_LABELS[name as EventType] : name;
}

/** The form as typed: the URL, the ticked kinds (their REST names), batching. */
export type WebhookValues = { url: string; events: string[]; batch_impressions: boolean };

export const WEBHOOK_DEFAULTS: WebhookValues = { url: "", events: [], batch_impressions: false };

/** The fields in their order on the page (the error summary's links). */
export const WEBHOOK_FIELDS: readonly SummaryField[] = [
  { name: "url", id: "webhook-url" },
  { name: "events", id: "webhook-events" },
];

/** The form's values as the API parses them: the URL trimmed, the kinds in the domain's order. */
export const webhookFormSchema = z.preprocess((values: unknown) => {
  const { url, events, batch_impressions } = values as WebhookValues;
  const ticked = Array.isArray(events) ? events : [];
  return {
    url: String(url ?? "").trim(),
    events: EVENT_TYPES.filter((kind) => ticked.includes(kind)),
    batch_impressions: batch_impressions === true,
  };
}, registerWebhookInput);

export type WebhookInput = z.output<typeof registerWebhookInput>;

/** The checked input as the mutation's. */
export function webhookInput(input: WebhookInput): RegisterWebhookEndpointInput {
  return { url: input.url, events: input.events.map(eventKindKey), batchImpressions: input.batch_impressions };
}

/** The Events form of an endpoint's page as typed: the ticked kinds (their REST names). */
export type WebhookEventsValues = { events: string[] };

/** The Events form's one field (the error summary's link). */
export const WEBHOOK_EVENTS_FIELDS: readonly SummaryField[] = [{ name: "events", id: "endpoint-events-edit" }];

/** The Events form's values as updateWebhookEndpoint parses them (its schema, without the path's id): the kinds in the domain's order. */
export const webhookEventsFormSchema = z.preprocess(
  (values: unknown) => {
    const { events } = (values ?? {}) as Partial<WebhookEventsValues>;
    const ticked = Array.isArray(events) ? events : [];
    return { events: EVENT_TYPES.filter((kind) => ticked.includes(kind)) };
  },
  updateWebhookEndpointInput.omit({ id: true }),
);

/** A delivery can be sent again by hand while its endpoint is active and no attempt is under way (the domain's rule). */
export function canRedeliver(status: string, endpointActive: boolean): boolean {
  return endpointActive && status !== "DELIVERING";
}

/**
 * What an endpoint answered, said once: "HTTP 404: not found" rather than the status
 * beside an error that already names it ("HTTP 404" / "HTTP 404: nf").
 */
export function answerText(statusCode: number | null | undefined, message: string | null | undefined): string {
  const status = statusCode ? `HTTP ${statusCode}` : "";
  const text = (message ?? "").trim();
  if (!text) return status || "no answer";
  if (!status || text.startsWith(status) || text.includes(String(statusCode))) return text;
  return `${status}: ${text}`;
}
