// E18: the agent discovery manifest served at /.well-known/adagents.json (the
// RFC 8615 location AdCP uses) and /adagents.json, in AdCP's inline format
// (docs/decisions/0305, 1305). Our inventory is push-notification moments per
// sport: one property per sport, all sold directly by this service's sales
// agent, the MCP endpoint {base}/mcp that speaks AdCP's media-buy tasks.
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { SPORTS, type Sport } from "@/lib/domain/sports";
import type { AdagentsDocument } from "./discovery.schemas";

/** Change when the manifest's content changes. */
export const ADAGENTS_LAST_UPDATED = "2026-11-22T20:00:00.000Z";
export const ADAGENTS_SCHEMA = "https://adcontextprotocol.org/schemas/v3/adagents.json";

/** The MCP endpoint: the AdCP sales agent of this service. */
export function mcpUrl(baseUrl: string): string {
  return `${baseUrl}/mcp`;
}

const SPORT_NAMES: Record<Sport, string> = { ncaa_basketball: "NCAA basketball", nba: "NBA", nfl: "NFL", mlb: "MLB" };

export function propertyId(sport: Sport): string {
  return `sma_push_${sport}`;
}

export function buildAdagentsDocument(baseUrl: string): AdagentsDocument {
  const domain = new URL(baseUrl).hostname;
  return {
    $schema: ADAGENTS_SCHEMA,
    contact: { name: "Sports Moment Ads", domain },
    properties: SPORTS.map((sport) => ({
      property_id: propertyId(sport),
      property_type: "mobile_app",
      name: `Sports Moment Ads push notifications: ${SPORT_NAMES[sport]} moments`,
      identifiers: [{ type: "network_id", value: `sportsmomentads:${sport}` }],
      tags: ["push_notification", "live_sports_moments", sport],
      publisher_domain: domain,
    })),
    tags: {
      push_notification: {
        name: "Push notification",
        description: "Ads delivered as push notifications in partner betting and prediction-market apps.",
      },
      live_sports_moments: {
        name: "Live sports moments",
        description: `Sold per moment type (${MOMENT_TYPES.map((type) => type.key).join(", ")}) by CPM second-price auction with a floor per type.`,
      },
      ...Object.fromEntries(
        SPORTS.map((sport) => [
          sport,
          { name: SPORT_NAMES[sport], description: `Moments of live ${SPORT_NAMES[sport]} games.` },
        ]),
      ),
    },
    authorized_agents: [
      {
        url: mcpUrl(baseUrl),
        authorized_for:
          "Push-notification ad inventory at live-game moments, sold by CPM second-price auction through AdCP media-buy tasks over MCP (Streamable HTTP, OAuth 2.1 Bearer token: authorization code with PKCE or client credentials; REST API at /.well-known/openapi.json).",
        authorization_type: "property_ids",
        property_ids: SPORTS.map(propertyId),
        delegation_type: "direct",
      },
    ],
    last_updated: ADAGENTS_LAST_UPDATED,
  };
}
