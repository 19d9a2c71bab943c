// Shared pieces of the OpenAPI document (built from the zod schemas by
// zod-openapi): the problem schema, error responses, security requirements.
// Each area documents its paths in lib/openapi/paths/<area>.ts.
import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import type { Scope } from "@/lib/auth/scopes";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";

export const problemSchema = z
  .object({
    type: z.string().meta({ example: "/docs/errors#validation_failed" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    request_id: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details (application/problem+json)." });

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed request (bad JSON or content type)",
  401: "Missing, invalid or expired access token",
  403: "The token lacks the required scope",
  404: "Not found (or owned by another advertiser)",
  409: "Conflict with the resource's current state",
  422: "Validation failed",
  429: "Rate limit exceeded",
  500: "Unexpected error",
};

/** Problem responses for the given statuses, listing which codes each may carry. */
export function problemResponses(...codes: ErrorCode[]): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, "internal_error" as const]) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, list] of byStatus) {
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: `${STATUS_TEXT[status] ?? ERROR_CODES[list[0]!].title}: ${[...new Set(list)].join(", ")}`,
      content: { "application/problem+json": { schema: problemSchema } },
    };
  }
  return responses;
}

export const SECURITY_SCHEMES = {
  oauth2: {
    type: "oauth2",
    description: "OAuth 2.0 client credentials (E1). Send the token as `Authorization: Bearer <token>`.",
    flows: {
      clientCredentials: {
        tokenUrl: "/api/auth/token",
        scopes: {
          "campaigns:read": "Read campaigns, creatives and webhook endpoints",
          "campaigns:write": "Create and change campaigns, creatives and webhook endpoints",
          "reporting:read": "Read reports, time series and creative performance",
        },
      },
    },
  },
  platformKey: {
    type: "http",
    scheme: "bearer",
    description: "Publisher platform key (`npm run admin -- create-platform-key`), for the delivery endpoints.",
  },
} as const;

/** Security requirement: a token holding `scope` (or any valid token when omitted). */
export function oauth(scope?: Scope) {
  return [{ oauth2: scope ? [scope] : [] }];
}

export const platformKeySecurity = [{ platformKey: [] }];
