import type { ZodOpenApiPathsObject } from "zod-openapi";
import { jwksDocument, oauthError, tokenRequest, tokenResponse } from "@/lib/auth/auth.schemas";

const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed per window", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Requests left in the window", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" as const } },
};

export const authPaths: ZodOpenApiPathsObject = {
  "/api/auth/token": {
    post: {
      operationId: "obtainAccessToken",
      summary: "Obtain an access token (E1)",
      description:
        "OAuth 2.0 client credentials (RFC 6749 §4.4). Client authentication in the form body or with HTTP Basic. " +
        "10 requests per minute per IP address, failed ones included. Errors are RFC 6749 bodies, not problem details.",
      tags: ["Authentication"],
      security: [],
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: tokenRequest } } },
      responses: {
        "200": {
          description: "Access token",
          headers: rateLimitHeaders,
          content: { "application/json": { schema: tokenResponse } },
        },
        "400": {
          description: "invalid_request, unsupported_grant_type or invalid_scope",
          content: { "application/json": { schema: oauthError } },
        },
        "401": { description: "invalid_client", content: { "application/json": { schema: oauthError } } },
        "429": {
          description: "rate_limited",
          headers: {
            ...rateLimitHeaders,
            "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } },
          },
          content: { "application/json": { schema: oauthError } },
        },
      },
    },
  },
  "/.well-known/jwks.json": {
    get: {
      operationId: "getJwks",
      summary: "Public keys that verify access tokens",
      tags: ["Authentication"],
      security: [],
      responses: {
        "200": { description: "JSON Web Key Set", content: { "application/json": { schema: jwksDocument } } },
      },
    },
  },
};
