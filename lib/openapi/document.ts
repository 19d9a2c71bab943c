// The OpenAPI 3.1 document, generated from the zod schemas (never written by
// hand). Each area documents its paths in ./paths/<area>.ts; add yours here.
import { createDocument } from "zod-openapi";
import { SECURITY_SCHEMES, withBodyLimits, withIdempotencyKeys, withPathParameters } from "./common";
import { advertiserPaths } from "./paths/advertiser";
import { authPaths } from "./paths/auth";
import { campaignsPaths } from "./paths/campaigns";
import { clearingPricesPaths } from "./paths/clearing-prices";
import { conversionsPaths } from "./paths/conversions";
import { deliveryPaths } from "./paths/delivery";
import { discoveryPaths } from "./paths/discovery";
import { graphqlPaths } from "./paths/graphql";
import { historyPaths } from "./paths/history";
import { mcpPaths } from "./paths/mcp";
import { momentTypesPaths } from "./paths/moment-types";
import { postbackKeysPaths } from "./paths/postback-keys";
import { reportingPaths } from "./paths/reporting";
import { webhooksPaths } from "./paths/webhooks";

export function buildOpenApiDocument(baseUrl: string) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Sports Moment Ads API",
      version: "1.0.0",
      description:
        "Push-notification ad inventory sold at the moments of live games. Errors are RFC 9457 problem details " +
        "(application/problem+json) except at the token endpoint, which answers RFC 6749 errors. A query parameter given " +
        "twice is 422 validation_failed (never resolved to one of its values); unknown parameters are ignored.",
    },
    servers: [{ url: baseUrl }],
    security: [{ oauth2: [] }],
    paths: withPathParameters(
      withBodyLimits(
        withIdempotencyKeys({
          ...authPaths,
          ...momentTypesPaths,
          ...clearingPricesPaths,
          ...campaignsPaths,
          ...advertiserPaths,
          ...discoveryPaths,
          ...mcpPaths,
          ...webhooksPaths,
          ...reportingPaths,
          ...conversionsPaths,
          ...postbackKeysPaths,
          ...historyPaths,
          ...deliveryPaths,
          ...graphqlPaths,
        }),
      ),
    ),
    components: { securitySchemes: SECURITY_SCHEMES },
  });
}
