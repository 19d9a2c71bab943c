// The one tool registry (docs/decisions/1302): the stdio package and the app's
// /mcp endpoint both build their server here, each with its own REST client.
// A token's scopes decide which tools are listed and callable; read-only mode
// hides every write.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError, type RestClient } from "./rest-client.ts";
import { errorResult, okResult, toAdcpError } from "./tool-result.ts";
import { ToolInputError, type ToolContext, type ToolDefinition } from "./tool.ts";
import { addCreativeVariant } from "./tools/add-creative-variant.ts";
import { cancelCampaign } from "./tools/cancel-campaign.ts";
import { createCampaign } from "./tools/create-campaign.ts";
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
import { listCreativeFormats } from "./tools/list-creative-formats.ts";
import { listCreatives } from "./tools/list-creatives.ts";
import { listMomentTypes } from "./tools/list-moment-types.ts";
import { listPostbackKeys } from "./tools/list-postback-keys.ts";
import { listWebhookDeliveries } from "./tools/list-webhook-deliveries.ts";
import { listWebhooks } from "./tools/list-webhooks.ts";
import { pauseCampaign } from "./tools/pause-campaign.ts";
import { registerWebhook } from "./tools/register-webhook.ts";
import { resumeCampaign } from "./tools/resume-campaign.ts";
import { revokePostbackKey } from "./tools/revoke-postback-key.ts";
import { syncCreatives } from "./tools/sync-creatives.ts";
import { testWebhook } from "./tools/test-webhook.ts";
import { updateCampaign } from "./tools/update-campaign.ts";
import { updateMediaBuy } from "./tools/update-media-buy.ts";
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
  createCampaign,
  updateCampaign,
  pauseCampaign,
  resumeCampaign,
  endCampaign,
  cancelCampaign,
  addCreativeVariant,
  registerWebhook,
  testWebhook,
  deactivateWebhook,
  createPostbackKey,
  revokePostbackKey,
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
] as ToolDefinition[];

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

/** The tools a token with `scopes` may list and call. */
export function availableTools(scopes: Iterable<string>, readOnly = false): ToolDefinition[] {
  const held = new Set(scopes);
  return TOOLS.filter((tool) => tool.scopes.every((scope) => held.has(scope)) && !(readOnly && tool.write));
}

export const SERVER_INSTRUCTIONS =
  "Sports Moment Ads sells push-notification ads sent at moments of live NBA, NFL, MLB and NCAA basketball games " +
  "(close game, overtime, bet resolved, …) by CPM second-price auction with a floor per moment type. Money is USD, " +
  "dates are UTC. Every write takes an idempotency_key: reuse it when you retry, never for a different change. " +
  "Changes that can raise spend first return a preview; show it to the user and call again with confirm: true. " +
  "AdCP buyers: get_adcp_capabilities, get_products, create_media_buy, get_media_buy_delivery.";

export function createSmaMcpServer(options: ServerOptions): McpServer {
  const server = new McpServer(
    { name: "sports-moment-ads", title: "Sports Moment Ads", version: VERSION },
    { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  const context: ToolContext = {
    api: options.api,
    agentUrl: options.agentUrl ?? `${options.api.baseUrl}/mcp`,
    now: options.now ?? (() => new Date()),
  };
  for (const tool of availableTools(options.scopes, options.readOnly)) {
    const handler = async (args: unknown): Promise<CallToolResult> => {
      try {
        return okResult(await tool.run(args as never, context));
      } catch (error) {
        // API answers and translation errors are the caller's to read; anything else is worth a log line
        if (!(error instanceof ApiError && error.status > 0) && !(error instanceof ToolInputError))
          options.onUnexpectedError?.(error, tool.name);
        return errorResult(toAdcpError(error, tool.fieldMap));
      }
    };
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: outputSchemaOf(tool),
        annotations: { title: tool.title, ...tool.annotations },
      },
      handler as never,
    );
  }
  return server;
}
