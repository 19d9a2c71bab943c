// The one tool registry (docs/decisions/1302): the stdio package and the app's
// /mcp endpoint both build their server here, each with its own REST client.
// A tool's scopes, write flag and idempotency are those of the REST operations
// it names (generated/operations.ts, from the OpenAPI document). A token's
// scopes decide which tools are listed; read-only mode hides every write. Every
// refusal, from argument validation to a hidden tool, is an AdCP error result.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ADCP_MAJOR_VERSIONS } from "./adcp/envelope.ts";
import { OPERATIONS, type OperationId } from "./generated/operations.ts";
import type { OperationMeta } from "./operation-metadata.ts";
import { ApiError, type RestClient } from "./rest-client.ts";
import { argumentError, errorResult, okResult, refusal, toAdcpError } from "./tool-result.ts";
import { ToolInputError, type ToolContext, type ToolDefinition } from "./tool.ts";
import { addCreativeVariant } from "./tools/add-creative-variant.ts";
import { cancelCampaign } from "./tools/cancel-campaign.ts";
import { complyTestController } from "./tools/comply-test-controller.ts";
import { createCampaign } from "./tools/create-campaign.ts";
import { pauseCreativeVariant, resumeCreativeVariant } from "./tools/creative-variant-status.ts";
import { createPostbackKey } from "./tools/create-postback-key.ts";
import { createMediaBuy } from "./tools/create-media-buy.ts";
import { deactivateWebhook } from "./tools/deactivate-webhook.ts";
import { endCampaign } from "./tools/end-campaign.ts";
import { getAdcpCapabilities } from "./tools/get-adcp-capabilities.ts";
import { getCampaign } from "./tools/get-campaign.ts";
import { getCampaignReport } from "./tools/get-campaign-report.ts";
import { getCampaignTimeseries } from "./tools/get-campaign-timeseries.ts";
import { getClearingPrices } from "./tools/get-clearing-prices.ts";
import { getCreativePerformance } from "./tools/get-creative-performance.ts";
import { getMediaBuyDelivery } from "./tools/get-media-buy-delivery.ts";
import { getMediaBuys } from "./tools/get-media-buys.ts";
import { getProducts } from "./tools/get-products.ts";
import { listCampaigns } from "./tools/list-campaigns.ts";
import { listChanges } from "./tools/list-changes.ts";
import { listCreativeFormats } from "./tools/list-creative-formats.ts";
import { listCreatives } from "./tools/list-creatives.ts";
import { listMomentTypes } from "./tools/list-moment-types.ts";
import { listPostbackKeys } from "./tools/list-postback-keys.ts";
import { getBilling, getInvoice, listInvoices } from "./tools/billing.ts";
import { listWebhookDeliveries } from "./tools/list-webhook-deliveries.ts";
import { listWebhooks } from "./tools/list-webhooks.ts";
import { pauseCampaign } from "./tools/pause-campaign.ts";
import { registerWebhook } from "./tools/register-webhook.ts";
import { resumeCampaign } from "./tools/resume-campaign.ts";
import { renamePostbackKey } from "./tools/rename-postback-key.ts";
import { revokePostbackKey } from "./tools/revoke-postback-key.ts";
import { syncCreatives } from "./tools/sync-creatives.ts";
import { testWebhook } from "./tools/test-webhook.ts";
import { updateWebhook } from "./tools/update-webhook.ts";
import { updateCampaign } from "./tools/update-campaign.ts";
import { duplicateCampaign } from "./tools/duplicate-campaign.ts";
import { updateMediaBuy } from "./tools/update-media-buy.ts";
import { createRule, deleteRule, dryRunRule, listRuleActions, listRules, setRuleEnabled } from "./tools/rules.ts";
import { undoChange } from "./tools/undo-change.ts";
import { deleteSavedReport, listSavedReports, saveReport, sendSavedReportNow } from "./tools/saved-reports.ts";
import { VERSION } from "./version.ts";

export const TOOLS: readonly ToolDefinition[] = [
  // ours, over the REST API
  listMomentTypes,
  getClearingPrices,
  listCampaigns,
  getCampaign,
  getCampaignReport,
  getCampaignTimeseries,
  getCreativePerformance,
  listWebhooks,
  listWebhookDeliveries,
  listPostbackKeys,
  listChanges,
  getBilling,
  listInvoices,
  getInvoice,
  createCampaign,
  updateCampaign,
  duplicateCampaign,
  pauseCampaign,
  resumeCampaign,
  endCampaign,
  cancelCampaign,
  addCreativeVariant,
  pauseCreativeVariant,
  resumeCreativeVariant,
  registerWebhook,
  updateWebhook,
  testWebhook,
  deactivateWebhook,
  createPostbackKey,
  renamePostbackKey,
  revokePostbackKey,
  // automation: rules and undo (the service's docs/decisions/0700, 0702)
  listRules,
  listRuleActions,
  dryRunRule,
  createRule,
  setRuleEnabled,
  deleteRule,
  undoChange,
  listSavedReports,
  saveReport,
  sendSavedReportNow,
  deleteSavedReport,
  // AdCP 3.1 media-buy tasks
  getAdcpCapabilities,
  getProducts,
  listCreativeFormats,
  createMediaBuy,
  updateMediaBuy,
  getMediaBuys,
  getMediaBuyDelivery,
  syncCreatives,
  listCreatives,
  // AdCP's compliance test controller, sandbox advertisers only (the service refuses any other)
  complyTestController,
] as ToolDefinition[];

/** What the service declares about each operation (the generated table, or one derived from another document). */
export type OperationTable = Readonly<Record<string, OperationMeta>>;

export type ServerOptions = {
  api: RestClient;
  /** The scopes of the caller's token. */
  scopes: Iterable<string>;
  /** Hide every tool that changes something (SMA_READ_ONLY=1). */
  readOnly?: boolean;
  /** This agent's MCP URL (<base>/mcp): AdCP format ids and capabilities name it. */
  agentUrl?: string;
  now?: () => Date;
  /** Told about a tool failure that was not an API answer (a bug or an unreachable API). */
  onUnexpectedError?: (error: unknown, tool: string) => void;
  /** The operations' metadata (tests pass one derived from an altered document). */
  operations?: OperationTable;
};

const adcpErrorShape = z
  .looseObject({
    code: z.string(),
    message: z.string(),
    recovery: z.string(),
    details: z.looseObject({ code: z.string() }),
  })
  .describe("Present instead of the result when the call failed (isError): AdCP's code, our code in details.code.");

/**
 * A tool's declared output: loose (answers may carry more, as AdCP allows), and
 * every field optional, because a failed call (isError) carries only adcp_error
 * and MCP clients check structured content against this schema either way.
 */
function outputSchemaOf(tool: ToolDefinition) {
  return z.looseObject(tool.output).partial().extend({ adcp_error: adcpErrorShape.optional() });
}

export type ToolRequirements = {
  /** every scope of every operation the tool calls */
  scopes: readonly string[];
  /** one of its operations changes something */
  write: boolean;
  /** every write it makes replays its first answer on a retry with the same key */
  idempotent: boolean;
};

/** A tool's requirements, from the metadata of the operations it names. */
export function requirementsOf(tool: ToolDefinition, operations: OperationTable = OPERATIONS): ToolRequirements {
  const metas = tool.operations.map((id) => {
    const meta = operations[id];
    if (!meta) throw new Error(`${tool.name} calls ${id}, which the API's OpenAPI document does not declare`);
    return meta;
  });
  const writes = metas.filter((meta) => meta.write);
  return {
    scopes: [...new Set(metas.flatMap((meta) => meta.scopes))].sort(),
    write: writes.length > 0,
    idempotent: writes.every((meta) => meta.idempotent),
  };
}

/** MCP's annotations of a tool: what it reads and writes comes from its operations. */
export function annotationsOf(tool: ToolDefinition, operations: OperationTable = OPERATIONS) {
  const { write, idempotent } = requirementsOf(tool, operations);
  return {
    title: tool.title,
    readOnlyHint: !write,
    ...(write ? { destructiveHint: tool.destructive ?? false } : {}),
    idempotentHint: idempotent,
    openWorldHint: tool.openWorld ?? false,
  };
}

/** Why a token with `scopes` may not call `tool` (null when it may). */
function hiddenBecause(
  tool: ToolDefinition,
  held: ReadonlySet<string>,
  readOnly: boolean,
  operations: OperationTable,
): { missingScopes: string[] } | { readOnly: true } | null {
  const { scopes, write } = requirementsOf(tool, operations);
  const missingScopes = scopes.filter((scope) => !held.has(scope));
  if (missingScopes.length) return { missingScopes };
  if (readOnly && write) return { readOnly: true };
  return null;
}

/** The tools a token with `scopes` may list and call. */
export function availableTools(
  scopes: Iterable<string>,
  readOnly = false,
  operations: OperationTable = OPERATIONS,
): ToolDefinition[] {
  const held = new Set(scopes);
  return TOOLS.filter((tool) => hiddenBecause(tool, held, readOnly, operations) === null);
}

export const SERVER_INSTRUCTIONS =
  "Sports Moment Ads sells push-notification ads sent at moments of live NBA, NFL, MLB and NCAA basketball games " +
  "(close game, overtime, bet resolved, …) by CPM second-price auction with a floor per moment type. Money is USD, " +
  "dates are UTC. Every write takes an idempotency_key: reuse it when you retry, never for a different change. " +
  "Changes that can raise spend first return a preview; show it to the user and call again with confirm: true. " +
  "AdCP buyers: get_adcp_capabilities, get_products, create_media_buy, get_media_buy_delivery.";

/** The request's AdCP `context` (an object), to echo unchanged; anything else is not echoed. */
export function contextOf(args: unknown): Record<string, unknown> | undefined {
  if (typeof args !== "object" || args === null || !("context" in args)) return undefined;
  const context = (args as { context?: unknown }).context;
  return typeof context === "object" && context !== null && !Array.isArray(context)
    ? (context as Record<string, unknown>)
    : undefined;
}

/** VERSION_UNSUPPORTED for an adcp_major_version this agent does not speak (absent: the agent's own). */
export function majorVersionRefusal(args: unknown) {
  if (typeof args !== "object" || args === null || !("adcp_major_version" in args)) return null;
  const requested = (args as { adcp_major_version?: unknown }).adcp_major_version;
  if (requested === undefined || (ADCP_MAJOR_VERSIONS as readonly unknown[]).includes(requested)) return null;
  return refusal.versionUnsupported(requested, ADCP_MAJOR_VERSIONS);
}

/** The REST client a tool runs with: it may call the operations it names, and no other. */
function clientFor(tool: ToolDefinition, api: RestClient): RestClient {
  const allowed = new Set<OperationId>([...tool.operations, ...(tool.optionalOperations ?? [])]);
  const check = (operation: OperationId) => {
    if (!allowed.has(operation)) throw new Error(`${tool.name} called ${operation}, which it does not name`);
  };
  return {
    baseUrl: api.baseUrl,
    read: (operation, args) => (check(operation), api.read(operation, args)),
    write: (operation, args, options) => (check(operation), api.write(operation, args, options)),
  };
}

export function createSmaMcpServer(options: ServerOptions): McpServer {
  const operations = options.operations ?? OPERATIONS;
  const held = new Set(options.scopes);
  const readOnly = options.readOnly ?? false;
  const server = new McpServer(
    { name: "sports-moment-ads", title: "Sports Moment Ads", version: VERSION },
    { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  const now = options.now ?? (() => new Date());
  const agentUrl = options.agentUrl ?? `${options.api.baseUrl}/mcp`;

  async function run(tool: ToolDefinition, rawArgs: unknown): Promise<CallToolResult> {
    // the caller's context comes back on every answer, refusals included (even of arguments the schema refuses)
    const echo = contextOf(rawArgs);
    const version = majorVersionRefusal(rawArgs);
    if (version) return errorResult(version, echo);
    // the tool's own argument rules, answered as AdCP errors in its own terms (not the SDK's plain text)
    const parsed = z.object(tool.input).safeParse(rawArgs ?? {});
    if (!parsed.success) {
      const refused = argumentError(parsed.error);
      return errorResult(refused, echo, tool.errorFields?.(refused, "arguments"));
    }
    const context: ToolContext = { api: clientFor(tool, options.api), agentUrl, now };
    try {
      return okResult(await tool.run(parsed.data as never, context));
    } catch (error) {
      // API answers and translation errors are the caller's to read; anything else is worth a log line
      if (!(error instanceof ApiError && error.status > 0) && !(error instanceof ToolInputError))
        options.onUnexpectedError?.(error, tool.name);
      const failed = toAdcpError(error, tool.fieldMap, { notFoundCode: tool.notFoundCode });
      return errorResult(failed, echo, tool.errorFields?.(failed, "call"));
    }
  }

  for (const tool of availableTools(held, readOnly, operations)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: outputSchemaOf(tool),
        annotations: annotationsOf(tool, operations),
      },
      // never reached: the tools/call handler below runs every call (registration lists the tool)
      (async (args: unknown) => run(tool, args)) as never,
    );
  }

  // tools/call: argument validation, unknown and hidden tools all answer AdCP error results
  // (the SDK's own handler answers them as plain text a buying agent cannot read)
  const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    const echo = contextOf(request.params.arguments);
    if (!tool) return errorResult(refusal.unknownTool(request.params.name), echo);
    const hidden = hiddenBecause(tool, held, readOnly, operations);
    if (hidden && "missingScopes" in hidden)
      return errorResult(refusal.missingScopes(tool.name, hidden.missingScopes), echo);
    if (hidden) return errorResult(refusal.readOnly(tool.name), echo);
    return run(tool, request.params.arguments);
  });
  return server;
}
