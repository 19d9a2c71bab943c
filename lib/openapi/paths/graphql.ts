// The GraphQL endpoint. Its schema is GraphQL's own (SDL at /docs/graphql);
// here only the HTTP envelope is described.
import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { oauth } from "../common";

const tags = ["GraphQL"];

const graphqlRequest = z
  .looseObject({
    query: z.string().meta({ example: "query { campaigns(first: 10) { totalCount nodes { id name status } } }" }),
    operationName: z.string().nullable().optional(),
    variables: z.record(z.string(), z.unknown()).nullable().optional(),
    extensions: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({
    id: "GraphQLRequest",
    description:
      "GraphQL over HTTP's request: other members are ignored (as the GraphQL over HTTP specification allows).",
  });

const graphqlError = z
  .object({
    message: z.string(),
    locations: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional(),
    path: z.array(z.union([z.string(), z.number().int()])).optional(),
    extensions: z.looseObject({
      code: z
        .string()
        .meta({ description: "The GraphQL code of lib/errors.ts's table (UNAUTHENTICATED, NOT_FOUND, ...)." }),
      apiCode: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
        description: "The same code as REST's problem `code` (/docs/errors).",
      }),
      requestId: z.string().optional(),
      fieldErrors: z.array(z.object({ field: z.array(z.string()), message: z.string() })).optional(),
      retryAfter: z.number().int().optional().meta({ description: "rate_limited: seconds to wait." }),
      cost: z.object({ requested: z.number().int(), limit: z.number().int() }).optional(),
    }),
  })
  .meta({ id: "GraphQLError" });

const graphqlResponse = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z.array(graphqlError).optional(),
    extensions: z
      .looseObject({
        cost: z
          .object({ requested: z.number().int(), limit: z.number().int() })
          .optional()
          .meta({ description: "The operation's computed cost and the per-operation limit." }),
      })
      .optional(),
  })
  .meta({ id: "GraphQLResponse" });

const response = (description: string) => ({
  description,
  content: {
    "application/json": { schema: graphqlResponse },
    "application/graphql-response+json": { schema: graphqlResponse },
  },
});

const responses = {
  "200": response(
    "The result: `data`, and `errors` for fields that failed (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, RATE_LIMITED, ...)",
  ),
  "400": response(
    "Malformed request: not JSON, CSRF prevention, syntax, validation, variables, a string holding U+0000 (NUL), or " +
      "the operation is too complex",
  ),
  "401": response("The Authorization header holds an invalid or expired token (or introspection without one)"),
  "413": response("The body is larger than 64 KiB"),
  "500": response("Unexpected error (request id in extensions.requestId)"),
};

const description =
  "The GraphQL API (Apollo Server): the same domain service, scopes, error codes and numbers as the REST API, schema at " +
  "/docs/graphql. Authenticate with `Authorization: Bearer <token>` or the dashboard session; without either only public " +
  "fields answer (moment types). Each field needs the scope of its REST twin. Mutations return `userErrors` " +
  "(`{field, code, message}`) for business-rule failures; other failures are top-level `errors` with `extensions.code`, " +
  "`apiCode` and `requestId`. CSRF prevention: POST with `Content-Type: application/json`, or send " +
  "`apollo-require-preflight: true` (GET). Limits: depth 10, 30 aliases, 5,000 tokens, cost 10,000 (`extensions.cost`).";

export const graphqlDocs = {
  graphql: {
    operationId: "graphql",
    summary: "GraphQL operation (queries and mutations)",
    description,
    tags,
    security: oauth(),
    requestBody: { required: true, content: { "application/json": { schema: graphqlRequest } } },
    responses,
  },
  graphqlGet: {
    operationId: "graphqlGet",
    summary: "GraphQL query over GET",
    description: `${description} GET carries queries only (a mutation is 405), in the query string.`,
    tags,
    security: oauth(),
    requestParams: {
      query: z.object({
        query: z.string(),
        operationName: z.string().optional(),
        variables: z.string().optional().meta({ description: "JSON-encoded variables." }),
      }),
      header: z.object({
        "apollo-require-preflight": z
          .string()
          .meta({ description: "Any non-empty value: required for GET (CSRF prevention)." }),
      }),
    },
    responses: { ...responses, "405": response("A mutation sent with GET") },
  },
} satisfies Record<string, ZodOpenApiOperationObject & { operationId: string }>;
