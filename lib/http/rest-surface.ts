// The HTTP surface, declared once (docs/decisions/1010): every path and method the
// service answers under /api/ and the hot paths, with what serves it and its OpenAPI
// entry, in the order of the OpenAPI document. Everything else derives from this table:
// the REST handlers (app/api/[...path]/route.ts), the request edge's 404 and 405
// (lib/server/api-routes.ts), the MCP server's in-process REST routes
// (app/mcp/in-process-fetch.ts), the hot router's paths (lib/server/hot-routes.ts), the
// body limits and the OpenAPI paths (lib/openapi/document.ts). It is the only file of
// lib/ and app/ that spells a path under /api/ (lib/http/rest-surface.test.ts).
//
// An entry is served by an operation (the usual case: its input read from the path
// parameters, the query string or the JSON body, its answer the operation's output as
// JSON), by a handler of the catch-all route named by its operationId (`route`: the token
// endpoint, next-auth, GraphQL), by the hot router (`hot`), or, outside /api/, documented
// here and served elsewhere (`documented`: OAuth, /mcp, /.well-known).
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { createCampaign, previewCampaignCreate } from "@/lib/domain/campaigns/create-campaign";
import { duplicateCampaign } from "@/lib/domain/campaigns/duplicate-campaign";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { previewCampaignUpdate, updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { getClearingPrices } from "@/lib/domain/clearing-prices/get-clearing-prices";
import { recordConversion, recordConversionQuery } from "@/lib/domain/conversions/record-conversion";
import { addCreativeVariant } from "@/lib/domain/creatives/add-creative-variant";
import { setVariantStatus } from "@/lib/domain/creatives/set-variant-status";
import { listMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { createPostbackKey } from "@/lib/domain/postback-keys/create-postback-key";
import { listPostbackKeys } from "@/lib/domain/postback-keys/list-postback-keys";
import { renamePostbackKey } from "@/lib/domain/postback-keys/rename-postback-key";
import { revokePostbackKey } from "@/lib/domain/postback-keys/revoke-postback-key";
import { getSandboxProduct, runTestController } from "@/lib/domain/adcp-sandbox/sandbox-products";
import { getAdvertiser } from "@/lib/domain/advertisers/get-advertiser";
import { getBilling } from "@/lib/domain/billing/accounts";
import { invoiceCsv, invoiceFilename, invoicePdf } from "@/lib/domain/billing/invoice-files";
import { getInvoice, getInvoiceCsv, getInvoicePdf, listInvoices } from "@/lib/domain/billing/invoices";
import { getAdvertiserReport } from "@/lib/domain/reporting/get-advertiser-report";
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { getCreativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import {
  advertiserReportCsvFilename,
  advertiserReportToCsv,
  reportCsvFilename,
  reportToCsv,
  timeseriesCsvFilename,
  timeseriesToCsv,
} from "@/lib/domain/reporting/report-csv";
import { ADVERTISER_REPORT_QUERY, REPORT_QUERY, TIMESERIES_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { listChanges } from "@/lib/history/list-changes";
import { undoChange } from "@/lib/history/undo-change";
import { createRule } from "@/lib/domain/rules/create-rule";
import { dryRunRule } from "@/lib/domain/rules/dry-run-rule";
import { getRule, listRuleActions, listRules } from "@/lib/domain/rules/get-rules";
import { deleteRule, updateRule } from "@/lib/domain/rules/update-rule";
import { automationDocs } from "@/lib/openapi/paths/automation";
import {
  deleteSavedReport,
  listSavedReports,
  saveReport,
  sendSavedReportNow,
  updateSavedReport,
} from "@/lib/domain/saved-reports/save-report";
import {
  dryRunView,
  ruleActionListView,
  ruleListView,
  ruleView,
  savedReportListView,
  savedReportView,
} from "./views/automation";
import type { AnyOperation, ResultOf } from "@/lib/operations/operation";
import { deactivateWebhookEndpoint } from "@/lib/webhooks/deactivate-webhook";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhooks";
import { registerWebhookEndpoint } from "@/lib/webhooks/register-webhook";
import { retryWebhookDelivery } from "@/lib/webhooks/retry-webhook-delivery";
import { sendWebhookTestEvent } from "@/lib/webhooks/send-test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook";
import type { OperationDoc } from "@/lib/openapi/common";
import { authDocs, jwksPaths, oauthPaths } from "@/lib/openapi/paths/auth";
import { adcpSandboxDocs } from "@/lib/openapi/paths/adcp-sandbox";
import { advertiserDocs } from "@/lib/openapi/paths/advertiser";
import { billingDocs } from "@/lib/openapi/paths/billing";
import { campaignsDocs } from "@/lib/openapi/paths/campaigns";
import { clearingPricesDocs } from "@/lib/openapi/paths/clearing-prices";
import { conversionsDocs } from "@/lib/openapi/paths/conversions";
import { deliveryDocs } from "@/lib/openapi/paths/delivery";
import { discoveryPaths } from "@/lib/openapi/paths/discovery";
import { graphqlDocs } from "@/lib/openapi/paths/graphql";
import { historyDocs } from "@/lib/openapi/paths/history";
import { mcpPaths } from "@/lib/openapi/paths/mcp";
import { momentTypesDocs } from "@/lib/openapi/paths/moment-types";
import { postbackKeysDocs } from "@/lib/openapi/paths/postback-keys";
import { reportingDocs } from "@/lib/openapi/paths/reporting";
import { webhooksDocs } from "@/lib/openapi/paths/webhooks";
import { GRAPHQL_BODY_LIMIT, MOMENT_BODY_LIMIT, SMALL_BODY_LIMIT } from "./body-limits";
import { jsonResponse } from "./define-route";
import { downloadResponse } from "./download";
import { PAGED_LIST_QUERY, WHOLE_NUMBER, type QueryRead } from "./query";
import { reportResponse, requestedReportFormat } from "./report-response";
import { postbackBodyInput, postbackQueryInput } from "./postback-request";
import { checkValidateOnly } from "./validate-only";
import { bodyWithIfMatch } from "./if-match";
import {
  campaignCreatedView,
  campaignCreatePreviewView,
  campaignListView,
  campaignUpdatePreviewView,
  campaignView,
  variantCreatedView,
} from "./views/campaigns";
import { advertiserView } from "./views/advertiser";
import { clearingPricesView, momentTypeView } from "./views/catalog";
import { changeListView } from "./views/history";
import { toCreatedPostbackKeyView, toPostbackKeyListView, toPostbackKeyView } from "./views/postback-keys";
import {
  advertiserReportView,
  campaignReportView,
  campaignTimeseriesView,
  creativePerformanceView,
} from "./views/reporting";
import {
  registeredWebhookEndpointView,
  webhookDeactivationView,
  webhookDeliveryListView,
  webhookDeliveryView,
  webhookEndpointListView,
  webhookEndpointView,
  webhookTestResultView,
} from "./views/webhooks";

/** Where Next serves the REST API, GraphQL and the dashboard's session endpoints (the hot paths aside). */
export const API_PREFIX = "/api/";

export type RestMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** What a REST handler sees of its request (lib/http/rest-operation.ts). */
export type RestRequest = {
  request: Request;
  url: URL;
  /** the path's parameters, decoded, by the names of the template (`{id}` -> "id") */
  params: Record<string, string>;
  /** the JSON body (400 bad_request when it is not application/json or does not parse) */
  body(): Promise<unknown>;
};

/** How an operation's HTTP request becomes its input and its result the answer. */
export type RestShape<O extends AnyOperation> = {
  /** how the query string is read (GET and DELETE; lib/http/query.ts); by default the input schema's keys */
  query?: QueryRead;
  /** checks of the HTTP request itself, before the operation runs (a report's `format`) */
  check?: (request: RestRequest) => void;
  /** the operation's raw input; by default the query string (GET, DELETE) or the JSON body, with the path parameters */
  input?: (request: RestRequest) => unknown;
  /** the REST view of the result; by default the result itself */
  view?: (result: ResultOf<O>) => unknown;
  /** the success status of the default answer (200) */
  status?: number;
  /** the whole answer, when it is more than JSON (CSV downloads, headers) */
  respond?: (result: ResultOf<O>, request: RestRequest) => Response | Promise<Response>;
  /** `?validate_only=true` runs this operation instead (docs/decisions/1301), answered 200 with its view */
  preview?: { operation: AnyOperation; view: (result: never) => unknown };
};

type Common = {
  method: RestMethod;
  /** the OpenAPI path template: `{name}` is one segment */
  path: string;
  /** the last parameter takes one segment or more (next-auth's actions: `callback/credentials`) */
  tail?: true;
  /** bytes of body read at most (lib/http/body-limits.ts; DEFAULT_BODY_LIMIT when unset) */
  bodyLimit?: number;
};

export type OperationEntry = Common & {
  serve: "operation";
  operation: AnyOperation;
  shape: RestShape<AnyOperation>;
  doc: OperationDoc;
};

/** Served by a handler of its own, named by the OpenAPI operationId (app/api/[...path]/route.ts, the hot router). */
export type HandlerEntry = Common & {
  serve: "route" | "hot";
  doc: ZodOpenApiOperationObject & { operationId: string };
};

/** Paths outside /api/ served elsewhere (server.ts's OAuth routes, app/mcp, app/.well-known), documented in place. */
export type DocumentedPaths = { serve: "documented"; paths: ZodOpenApiPathsObject };

export type SurfaceEntry = OperationEntry | HandlerEntry | DocumentedPaths;

/** An operation's entry, typed so that its view and answer take the operation's result. */
function op<O extends AnyOperation>(
  method: RestMethod,
  path: string,
  operation: O,
  doc: OperationDoc,
  shape: RestShape<O> = {},
  extra: Pick<Common, "bodyLimit"> = {},
): OperationEntry {
  return { serve: "operation", method, path, operation, doc, shape: shape as RestShape<AnyOperation>, ...extra };
}

function handler(
  serve: "route" | "hot",
  method: RestMethod,
  path: string,
  doc: HandlerEntry["doc"],
  extra: Pick<Common, "bodyLimit" | "tail"> = {},
): HandlerEntry {
  return { serve, method, path, doc, ...extra };
}

/** The path is the whole input: no body and no query string is read. */
const pathOnly = ({ params }: RestRequest) => params;

/**
 * An optional JSON body with the path: a request without one (no Content-Type, or an empty
 * body declared by Content-Length: 0) is the path alone, as before these operations took a
 * body (createPostbackKey's name, sendWebhookTestEvent's event type); a body sent is read.
 */
async function optionalBody(request: RestRequest): Promise<unknown> {
  const headers = request.request.headers;
  if (!headers.has("content-type") || headers.get("content-length") === "0") return request.params;
  const body = await request.body();
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  return { ...body, ...request.params };
}

/** A report: JSON or CSV (`format=csv` or `Accept: text/csv`), with the source that answered it. */
function report<V>(view: V, csv: { filename: string; text: () => string }, source: string, target: RestRequest) {
  return reportResponse(target, { json: view, csv, headers: { "x-report-source": source } });
}

export const REST_SURFACE: readonly SurfaceEntry[] = [
  { serve: "documented", paths: oauthPaths },
  handler("route", "GET", "/api/auth/{nextauth}", authDocs.dashboardAuthGet, { tail: true }),
  handler("route", "POST", "/api/auth/{nextauth}", authDocs.dashboardAuthPost, {
    tail: true,
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  handler("route", "POST", "/api/auth/token", authDocs.obtainAccessToken, { bodyLimit: SMALL_BODY_LIMIT }),
  { serve: "documented", paths: jwksPaths },

  // public, cached for an hour
  op("GET", "/api/ads/moment-types", listMomentTypes, momentTypesDocs.listMomentTypes, {
    respond: (types) =>
      jsonResponse(types.map(momentTypeView), { headers: { "cache-control": "public, max-age=3600" } }),
  }),
  // the same for every advertiser, but it needs a token: browsers may keep it, shared caches may not
  op("GET", "/api/ads/clearing-prices", getClearingPrices, clearingPricesDocs.getClearingPrices, {
    respond: (prices) =>
      jsonResponse(clearingPricesView(prices), { headers: { "cache-control": "private, max-age=900" } }),
  }),

  op("GET", "/api/ads/campaigns", listCampaigns, campaignsDocs.listCampaigns, {
    query: PAGED_LIST_QUERY,
    view: campaignListView,
  }),
  op("POST", "/api/ads/campaigns", createCampaign, campaignsDocs.createCampaign, {
    check: checkValidateOnly,
    view: campaignCreatedView,
    status: 201,
    preview: { operation: previewCampaignCreate, view: campaignCreatePreviewView },
  }),
  op("GET", "/api/ads/campaigns/{id}", getCampaign, campaignsDocs.getCampaign, { view: campaignView }),
  op("PATCH", "/api/ads/campaigns/{id}", updateCampaign, campaignsDocs.updateCampaign, {
    check: checkValidateOnly,
    input: bodyWithIfMatch,
    view: campaignView,
    preview: { operation: previewCampaignUpdate, view: campaignUpdatePreviewView },
  }),
  op("DELETE", "/api/ads/campaigns/{id}", cancelCampaign, campaignsDocs.cancelCampaign, { view: campaignView }),
  op("POST", "/api/ads/campaigns/{id}/variants", addCreativeVariant, campaignsDocs.addCreativeVariant, {
    view: variantCreatedView,
    status: 201,
  }),
  // pause a variant or resume it (docs/decisions/0307)
  op("PATCH", "/api/ads/campaigns/{id}/variants/{variant_id}", setVariantStatus, campaignsDocs.setVariantStatus, {
    view: campaignView,
  }),
  // a new campaign with the source's settings and creatives, through createCampaign's rules (docs/decisions/0307)
  op("POST", "/api/ads/campaigns/{id}/duplicate", duplicateCampaign, campaignsDocs.duplicateCampaign, {
    view: campaignView,
    status: 201,
  }),
  { serve: "documented", paths: discoveryPaths },
  { serve: "documented", paths: mcpPaths },

  op("GET", "/api/ads/webhooks", listWebhookEndpoints, webhooksDocs.listWebhookEndpoints, {
    view: webhookEndpointListView,
  }),
  // the secret is shown once, in this answer
  op("POST", "/api/ads/webhooks", registerWebhookEndpoint, webhooksDocs.registerWebhookEndpoint, {
    view: registeredWebhookEndpointView,
    status: 201,
  }),
  // the event kinds only: the URL and the secret stay as registered (docs/decisions/1242)
  op("PATCH", "/api/ads/webhooks/{id}", updateWebhookEndpoint, webhooksDocs.updateWebhookEndpoint, {
    view: webhookEndpointView,
  }),
  op("DELETE", "/api/ads/webhooks/{id}", deactivateWebhookEndpoint, webhooksDocs.deactivateWebhookEndpoint, {
    input: pathOnly,
    view: webhookDeactivationView,
  }),
  op("POST", "/api/ads/webhooks/{id}/test", sendWebhookTestEvent, webhooksDocs.sendWebhookTestEvent, {
    input: optionalBody,
    view: webhookTestResultView,
  }),
  op("GET", "/api/ads/webhooks/{id}/deliveries", listWebhookDeliveries, webhooksDocs.listWebhookDeliveries, {
    query: PAGED_LIST_QUERY,
    view: webhookDeliveryListView,
  }),
  op(
    "POST",
    "/api/ads/webhooks/{id}/deliveries/{delivery_id}/retry",
    retryWebhookDelivery,
    webhooksDocs.retryWebhookDelivery,
    { input: pathOnly, view: webhookDeliveryView },
  ),

  // every campaign of the advertiser in one report (docs/decisions/0505)
  op("GET", "/api/ads/reporting/campaigns", getAdvertiserReport, reportingDocs.getAdvertiserReport, {
    query: ADVERTISER_REPORT_QUERY,
    check: requestedReportFormat,
    respond: (result, request) => {
      const view = advertiserReportView(result);
      const csv = { filename: advertiserReportCsvFilename(view), text: () => advertiserReportToCsv(view) };
      return report(view, csv, result.source, request);
    },
  }),
  op("GET", "/api/ads/reporting/campaigns/{id}", getCampaignReport, reportingDocs.getCampaignReport, {
    query: REPORT_QUERY,
    check: requestedReportFormat,
    respond: (result, request) => {
      const view = campaignReportView(result);
      return report(view, { filename: reportCsvFilename(view), text: () => reportToCsv(view) }, result.source, request);
    },
  }),
  op(
    "GET",
    "/api/ads/reporting/campaigns/{id}/timeseries",
    getCampaignTimeseries,
    reportingDocs.getCampaignTimeseries,
    {
      query: TIMESERIES_QUERY,
      check: requestedReportFormat,
      respond: (result, request) => {
        const view = campaignTimeseriesView(result);
        const csv = { filename: timeseriesCsvFilename(view), text: () => timeseriesToCsv(view) };
        return report(view, csv, result.source, request);
      },
    },
  ),
  op("GET", "/api/ads/creatives/{id}/performance", getCreativePerformance, reportingDocs.getCreativePerformance, {
    view: creativePerformanceView,
  }),

  // no token: the advertiser's postback key, or before it has one the click id (docs/decisions/0504)
  op("GET", "/api/ads/postback", recordConversionQuery, conversionsDocs.recordConversionQuery, {
    input: postbackQueryInput,
  }),
  op(
    "POST",
    "/api/ads/postback",
    recordConversion,
    conversionsDocs.recordConversion,
    { input: postbackBodyInput },
    { bodyLimit: SMALL_BODY_LIMIT },
  ),

  op("GET", "/api/ads/postback-keys", listPostbackKeys, postbackKeysDocs.listPostbackKeys, {
    view: toPostbackKeyListView,
  }),
  // an optional body (its name; none: unnamed, as before names existed); a retry with the same
  // Idempotency-Key gets the first answer without the key (the operation's storedForReplay)
  op("POST", "/api/ads/postback-keys", createPostbackKey, postbackKeysDocs.createPostbackKey, {
    input: optionalBody,
    view: toCreatedPostbackKeyView,
    status: 201,
  }),
  op("PATCH", "/api/ads/postback-keys/{id}", renamePostbackKey, postbackKeysDocs.renamePostbackKey, {
    view: toPostbackKeyView,
  }),
  op("DELETE", "/api/ads/postback-keys/{id}", revokePostbackKey, postbackKeysDocs.revokePostbackKey, {
    view: toPostbackKeyView,
  }),

  // AdCP's compliance test controller and its fixtures, sandbox advertisers only (docs/decisions/1315)
  op(
    "POST",
    "/api/ads/adcp/test-controller",
    runTestController,
    adcpSandboxDocs.runTestController,
    {},
    {
      bodyLimit: SMALL_BODY_LIMIT,
    },
  ),
  op("GET", "/api/ads/adcp/sandbox-products/{id}", getSandboxProduct, adcpSandboxDocs.getSandboxProduct),

  op("GET", "/api/ads/advertiser", getAdvertiser, advertiserDocs.getAdvertiser, { view: advertiserView }),
  op("GET", "/api/ads/billing", getBilling, billingDocs.getBilling),
  op("GET", "/api/ads/invoices", listInvoices, billingDocs.listInvoices, { query: PAGED_LIST_QUERY }),
  op("GET", "/api/ads/invoices/{id}", getInvoice, billingDocs.getInvoice),
  op("GET", "/api/ads/invoices/{id}/pdf", getInvoicePdf, billingDocs.getInvoicePdf, {
    respond: async (invoice) =>
      downloadResponse(new Uint8Array(await invoicePdf(invoice)), "application/pdf", invoiceFilename(invoice, "pdf")),
  }),
  op("GET", "/api/ads/invoices/{id}/csv", getInvoiceCsv, billingDocs.getInvoiceCsv, {
    respond: (invoice) =>
      downloadResponse(invoiceCsv(invoice), "text/csv; charset=utf-8", invoiceFilename(invoice, "csv")),
  }),

  // every key is read, so a misspelt filter is refused (the query is strict) rather than ignored
  op("GET", "/api/ads/changes", listChanges, historyDocs.listChanges, {
    query: { numbers: { limit: WHOLE_NUMBER } },
    view: changeListView,
  }),

  // undo one change of the history (docs/decisions/0702): the path names it, there is no body
  op("POST", "/api/ads/changes/{id}/undo", undoChange, automationDocs.undoChange, {
    input: pathOnly,
    view: campaignView,
  }),

  // automated rules (docs/decisions/0700)
  op("GET", "/api/ads/rules", listRules, automationDocs.listRules, { view: ruleListView }),
  op("POST", "/api/ads/rules", createRule, automationDocs.createRule, { view: (rule) => ruleView(rule), status: 201 }),
  op("GET", "/api/ads/rules/{id}", getRule, automationDocs.getRule, { view: (rule) => ruleView(rule) }),
  op("PATCH", "/api/ads/rules/{id}", updateRule, automationDocs.updateRule, { view: (rule) => ruleView(rule) }),
  op("DELETE", "/api/ads/rules/{id}", deleteRule, automationDocs.deleteRule, { view: (rule) => ruleView(rule) }),
  op("GET", "/api/ads/rules/{id}/actions", listRuleActions, automationDocs.listRuleActions, {
    view: ruleActionListView,
  }),
  op("GET", "/api/ads/rules/{id}/dry-run", dryRunRule, automationDocs.dryRunRule, { view: dryRunView }),

  // saved and scheduled reports (docs/decisions/0701)
  op("GET", "/api/ads/saved-reports", listSavedReports, automationDocs.listSavedReports, { view: savedReportListView }),
  op("POST", "/api/ads/saved-reports", saveReport, automationDocs.saveReport, { view: savedReportView, status: 201 }),
  op("PATCH", "/api/ads/saved-reports/{id}", updateSavedReport, automationDocs.updateSavedReport, {
    view: savedReportView,
  }),
  op("DELETE", "/api/ads/saved-reports/{id}", deleteSavedReport, automationDocs.deleteSavedReport, {
    view: savedReportView,
  }),
  op("POST", "/api/ads/saved-reports/{id}/send", sendSavedReportNow, automationDocs.sendSavedReportNow, {
    input: pathOnly,
    view: savedReportView,
    status: 202,
  }),

  handler("hot", "POST", "/api/delivery/decisions", deliveryDocs.decideMoment, { bodyLimit: SMALL_BODY_LIMIT }),
  handler("hot", "POST", "/api/delivery/moments", deliveryDocs.fanOutMoment, { bodyLimit: MOMENT_BODY_LIMIT }),
  handler("hot", "GET", "/c/{click_id}", deliveryDocs.followClick),

  handler("route", "POST", "/api/graphql", graphqlDocs.graphql, { bodyLimit: GRAPHQL_BODY_LIMIT }),
  handler("route", "GET", "/api/graphql", graphqlDocs.graphqlGet),
];

type Served = OperationEntry | HandlerEntry;

/** The entries that are served (every one but the documented paths outside /api/). */
export const SERVED: readonly Served[] = REST_SURFACE.filter((entry): entry is Served => entry.serve !== "documented");

/** The entry whose operation (or handler) has this name: its operation's name or the OpenAPI operationId. */
export function surfaceEntry(name: string): Served {
  const entry = SERVED.find((candidate) =>
    candidate.serve === "operation" ? candidate.operation.name === name : candidate.doc.operationId === name,
  );
  if (!entry) throw new Error(`No entry of the REST surface is named ${name}`);
  return entry;
}

/** The path template of the entry of this name (an operation's name or an operationId). */
export function restPath(name: string): string {
  return surfaceEntry(name).path;
}
