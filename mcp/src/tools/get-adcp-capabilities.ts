import { z } from "zod";
import { ADCP_MAJOR_VERSIONS, adcpRequest, adcpResponse, ADCP_VERSION, completed } from "../adcp/envelope.ts";
import { CONTROLLER_SCENARIOS } from "../api-contract.ts";
import { defineTool } from "../tool.ts";

export const getAdcpCapabilities = defineTool({
  name: "get_adcp_capabilities",
  title: "AdCP capabilities",
  description:
    "AdCP: what this sales agent supports. AdCP 3.1 media buying (get_products, list_creative_formats, create_media_buy, " +
    "update_media_buy, get_media_buys, get_media_buy_delivery) and a creative library (sync_creatives, list_creatives: " +
    "creatives are hosted here, reviewed automatically and never generated or transformed), CPM auction pricing in USD, " +
    "idempotency keys remembered 24 hours, one publisher domain. Not offered: provide_performance_feedback, " +
    "sync_audiences, signals, governance. Call it first when you act as an AdCP buyer.",
  input: { ...adcpRequest, protocols: z.array(z.string()).optional() },
  output: { ...adcpResponse, adcp: z.looseObject({}), supported_protocols: z.array(z.string()) },
  operations: [],
  run: async ({ context }, { agentUrl }) => {
    const domain = new URL(agentUrl).hostname;
    return completed(
      {
        adcp: {
          major_versions: [...ADCP_MAJOR_VERSIONS],
          supported_versions: [ADCP_VERSION],
          idempotency: { supported: true, replay_ttl_seconds: 86_400, in_flight_max_seconds: 86_400 },
        },
        // the creative library tasks we serve (sync_creatives, list_creatives, list_creative_formats) are the creative
        // protocol's in AdCP 3.1; build_creative and preview_creative are not offered (docs/decisions/1310)
        supported_protocols: ["media_buy", "creative"],
        media_buy: {
          supported_pricing_models: ["cpm"],
          buying_modes: ["brief", "wholesale"],
          creative_approval_mode: "auto_approve",
          // creatives come inline in create_media_buy and update_media_buy packages, and through sync_creatives
          features: {
            inline_creative_management: true,
            property_list_filtering: false,
            catalog_management: false,
            committed_metrics_supported: false,
          },
          portfolio: {
            publisher_domains: [domain],
            primary_channels: [],
            description:
              "Push-notification ads at the moments of live NBA, NFL, MLB and NCAA basketball games, sent to users with a wager or prediction-market position at stake.",
          },
        },
        creative: {
          has_creative_library: true,
          supports_generation: false,
          supports_transformation: false,
          supports_compliance: false,
        },
        // comply_test_controller, for sandbox advertisers only (docs/decisions/1315): exactly the force_ and simulate_
        // scenarios list_scenarios answers, the block left out while there are none; seeds are served, not declared
        // (docs/decisions/1316)
        ...(CONTROLLER_SCENARIOS.length ? { compliance_testing: { scenarios: [...CONTROLLER_SCENARIOS] } } : {}),
        extensions_supported: ["sma"],
      },
      context,
    );
  },
});
