// A small typed client of the Sports Moment Ads REST API: the only way the
// tools reach the service (never the database). The transport decides how a
// request travels (`fetch`: the network for the stdio package, the app's own
// route handlers in-process for /mcp) and where the Bearer token comes from.
import type * as Rest from "./rest-types.ts";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type RestClientOptions = {
  /** The service's origin, e.g. https://ads.example.com (no trailing slash needed). */
  baseUrl: string;
  /** The Authorization header value for every call ("Bearer …"). `retry` asks for a fresh token after a 401. */
  authorization: (retry: boolean) => Promise<string>;
  fetch?: FetchLike;
  /** Extra headers on every call (request id, client address when forwarding in-process). */
  headers?: Record<string, string>;
};

/** A problem+json answer of the API (RFC 9457), or a transport failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fieldErrors: readonly { path: string; message: string }[];
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    code: string;
    detail: string;
    fieldErrors?: readonly { path: string; message: string }[];
    requestId?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.detail);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

type Query = Record<string, string | number | boolean | undefined>;
type WriteOptions = { idempotencyKey?: string; validateOnly?: boolean };
/** A write's answer; `replayed` when the API answered a retry from its Idempotency-Key record. */
export type Written<T> = { result: T; replayed: boolean };

export type RestClient = ReturnType<typeof createRestClient>;

export function createRestClient(options: RestClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(method: string, path: string, query: Query, body: unknown, write: WriteOptions, retry: boolean) {
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    if (write.validateOnly) url.searchParams.set("validate_only", "true");
    const headers = new Headers(options.headers);
    headers.set("accept", "application/json");
    headers.set("authorization", await options.authorization(retry));
    if (body !== undefined) headers.set("content-type", "application/json");
    if (write.idempotencyKey && !write.validateOnly) headers.set("idempotency-key", write.idempotencyKey);
    let response: Response;
    try {
      response = await fetchFn(url.toString(), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ApiError({
        status: 0,
        code: "unavailable",
        detail: `Could not reach ${base}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    return response;
  }

  async function request<T>(
    method: string,
    path: string,
    options: { query?: Query; body?: unknown } & WriteOptions = {},
  ): Promise<Written<T>> {
    let response = await send(method, path, options.query ?? {}, options.body, options, false);
    // an expired or revoked token: one fresh token, one retry
    if (response.status === 401) response = await send(method, path, options.query ?? {}, options.body, options, true);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const problem = (json ?? {}) as Partial<{
        code: string;
        detail: string;
        title: string;
        request_id: string;
        errors: { path: string; message: string }[];
      }>;
      const retryAfter = Number(response.headers.get("retry-after"));
      throw new ApiError({
        status: response.status,
        code: problem.code ?? (response.status >= 500 ? "internal_error" : "bad_request"),
        detail: problem.detail ?? problem.title ?? `HTTP ${response.status}`,
        fieldErrors: Array.isArray(problem.errors) ? problem.errors : [],
        requestId: problem.request_id ?? response.headers.get("x-request-id") ?? undefined,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      });
    }
    return { result: json as T, replayed: response.headers.get("idempotency-replayed") === "true" };
  }
  const read = async <T>(method: string, path: string, query?: Query) =>
    (await request<T>(method, path, { query })).result;

  const id = (value: string) => encodeURIComponent(value);

  return {
    baseUrl: base,
    listMomentTypes: () => read<Rest.MomentType[]>("GET", "/api/ads/moment-types"),
    getClearingPrices: () => read<Rest.ClearingPrices>("GET", "/api/ads/clearing-prices"),
    listCampaigns: (query: { status?: Rest.CampaignStatus; page?: number; per_page?: number } = {}) =>
      read<Rest.CampaignList>("GET", "/api/ads/campaigns", query),
    getCampaign: (campaignId: string) => read<Rest.Campaign>("GET", `/api/ads/campaigns/${id(campaignId)}`),
    createCampaign: (body: Rest.CreateCampaignBody, write: { idempotencyKey?: string }) =>
      request<Rest.CampaignCreated>("POST", "/api/ads/campaigns", { body, ...write }),
    previewCampaign: async (body: Rest.CreateCampaignBody) =>
      (await request<Rest.CampaignCreatePreview>("POST", "/api/ads/campaigns", { body, validateOnly: true })).result,
    updateCampaign: (campaignId: string, body: Rest.UpdateCampaignBody, write: { idempotencyKey?: string }) =>
      request<Rest.Campaign>("PATCH", `/api/ads/campaigns/${id(campaignId)}`, { body, ...write }),
    previewCampaignUpdate: async (campaignId: string, body: Rest.UpdateCampaignBody) =>
      (
        await request<Rest.CampaignUpdatePreview>("PATCH", `/api/ads/campaigns/${id(campaignId)}`, {
          body,
          validateOnly: true,
        })
      ).result,
    cancelCampaign: (campaignId: string, write: { idempotencyKey?: string }) =>
      request<Rest.Campaign>("DELETE", `/api/ads/campaigns/${id(campaignId)}`, write),
    addVariant: (campaignId: string, body: Rest.CreativeBody, write: { idempotencyKey?: string }) =>
      request<Rest.VariantCreated>("POST", `/api/ads/campaigns/${id(campaignId)}/variants`, { body, ...write }),
    getCampaignReport: (campaignId: string, query: Rest.ReportQuery) =>
      read<Rest.CampaignReport>("GET", `/api/ads/reporting/campaigns/${id(campaignId)}`, query),
    getCampaignTimeseries: (campaignId: string, query: Rest.TimeseriesQuery) =>
      read<Rest.Timeseries>("GET", `/api/ads/reporting/campaigns/${id(campaignId)}/timeseries`, query),
    getCreativePerformance: (creativeId: string) =>
      read<Rest.CreativePerformance>("GET", `/api/ads/creatives/${id(creativeId)}/performance`),
    listWebhooks: () => read<Rest.WebhookList>("GET", "/api/ads/webhooks"),
    registerWebhook: (body: Rest.RegisterWebhookBody, write: { idempotencyKey?: string }) =>
      request<Rest.RegisteredWebhook>("POST", "/api/ads/webhooks", { body, ...write }),
    deactivateWebhook: (webhookId: string, write: { idempotencyKey?: string }) =>
      request<Rest.WebhookDeactivation>("DELETE", `/api/ads/webhooks/${id(webhookId)}`, write),
    testWebhook: (webhookId: string, write: { idempotencyKey?: string }) =>
      request<Rest.WebhookTestResult>("POST", `/api/ads/webhooks/${id(webhookId)}/test`, write),
    listWebhookDeliveries: (webhookId: string, query: { page?: number; per_page?: number; status?: string } = {}) =>
      read<Rest.WebhookDeliveryList>("GET", `/api/ads/webhooks/${id(webhookId)}/deliveries`, query),
    listPostbackKeys: () => read<Rest.PostbackKeyList>("GET", "/api/ads/postback-keys"),
    createPostbackKey: (write: { idempotencyKey?: string }) =>
      request<Rest.CreatedPostbackKey>("POST", "/api/ads/postback-keys", write),
    revokePostbackKey: (keyId: string, write: { idempotencyKey?: string }) =>
      request<Rest.PostbackKey>("DELETE", `/api/ads/postback-keys/${id(keyId)}`, write),
  };
}
