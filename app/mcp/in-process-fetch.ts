// The REST client of /mcp calls the app's own route handlers in-process
// (docs/decisions/1302): the same handlers, guard, scopes, rate limits and
// problem answers as over HTTP, without a network hop or knowing the
// listening address. The caller's client address and request id travel along,
// so rate limits and logs see the real caller.
import type { FetchLike } from "@/mcp/src/rest-client";
import * as campaignVariant from "@/app/api/ads/campaigns/[id]/variants/[variant_id]/route";
import * as campaignVariants from "@/app/api/ads/campaigns/[id]/variants/route";
import * as campaign from "@/app/api/ads/campaigns/[id]/route";
import * as campaigns from "@/app/api/ads/campaigns/route";
import * as advertiser from "@/app/api/ads/advertiser/route";
import * as changes from "@/app/api/ads/changes/route";
import * as clearingPrices from "@/app/api/ads/clearing-prices/route";
import * as creativePerformance from "@/app/api/ads/creatives/[id]/performance/route";
import * as momentTypes from "@/app/api/ads/moment-types/route";
import * as postbackKey from "@/app/api/ads/postback-keys/[id]/route";
import * as postbackKeys from "@/app/api/ads/postback-keys/route";
import * as campaignTimeseries from "@/app/api/ads/reporting/campaigns/[id]/timeseries/route";
import * as campaignReport from "@/app/api/ads/reporting/campaigns/[id]/route";
import * as webhookDeliveries from "@/app/api/ads/webhooks/[id]/deliveries/route";
import * as webhook from "@/app/api/ads/webhooks/[id]/route";
import * as webhookTest from "@/app/api/ads/webhooks/[id]/test/route";
import * as webhooks from "@/app/api/ads/webhooks/route";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, unknown>>;

/** The REST routes the MCP tools use, by their file-system path under app/ ("[id]" is a parameter). */
export const IN_PROCESS_ROUTES: readonly (readonly [string, RouteModule])[] = [
  ["/api/ads/moment-types", momentTypes],
  ["/api/ads/clearing-prices", clearingPrices],
  ["/api/ads/campaigns", campaigns],
  ["/api/ads/campaigns/[id]", campaign],
  ["/api/ads/campaigns/[id]/variants", campaignVariants],
  ["/api/ads/campaigns/[id]/variants/[variant_id]", campaignVariant],
  ["/api/ads/reporting/campaigns/[id]", campaignReport],
  ["/api/ads/reporting/campaigns/[id]/timeseries", campaignTimeseries],
  ["/api/ads/creatives/[id]/performance", creativePerformance],
  ["/api/ads/webhooks", webhooks],
  ["/api/ads/webhooks/[id]", webhook],
  ["/api/ads/webhooks/[id]/test", webhookTest],
  ["/api/ads/webhooks/[id]/deliveries", webhookDeliveries],
  ["/api/ads/postback-keys", postbackKeys],
  ["/api/ads/postback-keys/[id]", postbackKey],
  ["/api/ads/changes", changes],
  ["/api/ads/advertiser", advertiser],
];

const compiled = IN_PROCESS_ROUTES.map(([path, module]) => {
  const keys: string[] = [];
  const source = path.replace(/\[(\w+)\]/g, (_, key: string) => {
    keys.push(key);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), keys, module };
});

function problem(status: number, code: string, detail: string): Response {
  return new Response(JSON.stringify({ type: `/docs/errors#${code}`, title: detail, status, detail, code }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
}

/** A fetch that answers from the app's route handlers; `caller` supplies the client address and request id. */
export function inProcessFetch(caller: Headers): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    for (const route of compiled) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const handler = route.module[request.method];
      if (typeof handler !== "function")
        return problem(405, "method_not_allowed", `${request.method} is not allowed here.`);
      const params = Object.fromEntries(route.keys.map((key, index) => [key, decodeURIComponent(match[index + 1]!)]));
      const headers = new Headers(request.headers);
      for (const name of [CLIENT_IP_HEADER, REQUEST_ID_HEADER]) {
        const value = caller.get(name);
        if (value) headers.set(name, value);
      }
      return (handler as Handler)(new Request(request, { headers }), { params: Promise.resolve(params) });
    }
    return problem(404, "not_found", `No route ${url.pathname}.`);
  };
}
