import { z } from "zod";
import { adcpRequest, adcpResponse, ADCP_VERSION, completed } from "../adcp/envelope.ts";
import { defineTool } from "../tool.ts";

export const getAdcpCapabilities = defineTool({
  name: "get_adcp_capabilities",
  title: "AdCP capabilities",
  description:
    "AdCP: what this sales agent supports. AdCP 3.1 media buying (get_products, create_media_buy, update_media_buy, " +
    "get_media_buys, get_media_buy_delivery, list_creative_formats, sync_creatives, list_creatives), CPM auction pricing in " +
    "USD, idempotency keys remembered 24 hours, one publisher domain. Call it first when you act as an AdCP buyer.",
  input: { ...adcpRequest, protocols: z.array(z.string()).optional() },
  output: { ...adcpResponse, adcp: z.looseObject({}), supported_protocols: z.array(z.string()) },
  operations: [],
  run: async ({ context }, { agentUrl }) => {
    const domain = new URL(agentUrl).hostname;
    return completed(
      {
        adcp: {
          major_versions: [3],
          supported_versions: [ADCP_VERSION],
          idempotency: { supported: true, replay_ttl_seconds: 86_400, in_flight_max_seconds: 86_400 },
        },
        supported_protocols: ["media_buy"],
        media_buy: {
          supported_pricing_models: ["cpm"],
          buying_modes: ["brief", "wholesale"],
          creative_approval_mode: "auto_approve",
          portfolio: {
            publisher_domains: [domain],
            primary_channels: [],
            description:
              "Push-notification ads at the moments of live NBA, NFL, MLB and NCAA basketball games, sent to users with a wager or prediction-market position at stake.",
          },
        },
        extensions_supported: ["sma"],
      },
      context,
    );
  },
});
