import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { adagentsDocument } from "@/lib/domain/discovery/discovery.schemas";

const openApiDocumentSchema = z
  .object({
    openapi: z.literal("3.1.0"),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose()
  .meta({ id: "OpenApiDocument", description: "This document." });

const adagents = (path: string, canonical: boolean) => ({
  get: {
    operationId: canonical ? "getAdagentsWellKnown" : "getAdagents",
    summary: canonical ? "Agent discovery manifest (E18, canonical location)" : "Agent discovery manifest (E18)",
    description: `AdCP adagents.json: the properties this service sells and the agent authorized to sell them.${canonical ? "" : " Same document as /.well-known/adagents.json."}`,
    tags: ["Discovery"],
    security: [],
    responses: {
      "200": {
        description: `The manifest served at ${path}`,
        content: { "application/json": { schema: adagentsDocument } },
      },
    },
  },
});

export const discoveryPaths: ZodOpenApiPathsObject = {
  "/.well-known/adagents.json": adagents("/.well-known/adagents.json", true),
  "/adagents.json": adagents("/adagents.json", false),
  "/.well-known/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 document (E18)",
      description:
        "Generated from the service's zod schemas; also the seller-domain verification document. A readable rendering is at /docs/api.",
      tags: ["Discovery"],
      security: [],
      responses: {
        "200": {
          description: "The OpenAPI document",
          content: { "application/json": { schema: openApiDocumentSchema } },
        },
      },
    },
  },
};
