// The REST views of the webhook operations (snake_case, instants as ISO 8601
// text), as the OpenAPI document's schemas describe them
// (lib/webhooks/webhooks.schemas.ts).
import type {
  RegisteredWebhookEndpoint,
  RegisteredWebhookEndpointView,
  WebhookDeactivationView,
  WebhookDelivery,
  WebhookDeliveryListView,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpoint,
  WebhookEndpointListView,
  WebhookEndpointView,
  WebhookTestResult,
  WebhookTestResultView,
} from "@/lib/webhooks/webhooks.schemas";

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function webhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    is_active: endpoint.isActive,
    batch_impressions: endpoint.batchImpressions,
    failure_count: endpoint.failureCount,
    last_delivered_at: iso(endpoint.lastDeliveredAt),
    created_at: endpoint.createdAt.toISOString(),
    deactivated_at: iso(endpoint.deactivatedAt),
    deactivated_reason: endpoint.deactivatedReason,
  };
}

/** listWebhookEndpoints. */
export function webhookEndpointListView(endpoints: readonly WebhookEndpoint[]): WebhookEndpointListView {
  return { endpoints: endpoints.map(webhookEndpointView) };
}

/** registerWebhookEndpoint: the endpoint with its secret, this once. */
export function registeredWebhookEndpointView(registered: RegisteredWebhookEndpoint): RegisteredWebhookEndpointView {
  const { secret, warning, ...endpoint } = registered;
  return { ...webhookEndpointView(endpoint), secret, warning };
}

/** deactivateWebhookEndpoint: the same answer every time, whatever the endpoint was before. */
export function webhookDeactivationView(endpoint: WebhookEndpoint): WebhookDeactivationView {
  return { deactivated: true, id: endpoint.id };
}

/** sendWebhookTestEvent. */
export function webhookTestResultView(result: WebhookTestResult): WebhookTestResultView {
  return {
    success: result.success,
    status_code: result.statusCode,
    duration_ms: result.durationMs,
    message: result.message,
  };
}

export function webhookDeliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    batch: delivery.batch,
    item_count: delivery.itemCount,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    next_attempt_at: iso(delivery.nextAttemptAt),
    created_at: delivery.createdAt.toISOString(),
    delivered_at: iso(delivery.deliveredAt),
    attempt_log: delivery.attemptLog.map((attempt) => ({
      attempt: attempt.attempt,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      attempted_at: attempt.attemptedAt.toISOString(),
    })),
  };
}

/** The delivery log, a page of it. */
export function webhookDeliveryListView(page: WebhookDeliveryPage): WebhookDeliveryListView {
  return {
    deliveries: page.deliveries.map(webhookDeliveryView),
    pagination: { page: page.pagination.page, per_page: page.pagination.perPage, total: page.pagination.total },
  };
}
