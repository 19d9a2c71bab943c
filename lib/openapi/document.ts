// The OpenAPI 3.1 document, generated from the zod schemas (never written by
// hand). Its paths are the REST surface's entries (lib/http/rest-surface.ts), in
// the table's order; each area writes its entries' docs in ./paths/<area>.ts.
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { bodyLimitFor, bodyLimitOf } from "@/lib/http/body-limits";
import { REST_SURFACE, restPath, SERVED } from "@/lib/http/rest-surface";
import { operationDoc, securitySchemes, withBodyLimits, withIdempotencyKeys, withPathParameters } from "./common";

/** The document's paths: every entry's operation at its path and method. */
function surfacePaths(): ZodOpenApiPathsObject {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of REST_SURFACE) {
    if (entry.serve === "documented") {
      Object.assign(paths, entry.paths);
      continue;
    }
    const doc =
      entry.serve === "operation"
        ? operationDoc(entry.operation, entry.doc, {
            status: entry.shape.status ?? 200,
            preview: entry.shape.preview?.operation,
          })
        : entry.doc;
    (paths[entry.path] ??= {})[entry.method.toLowerCase()] = doc;
  }
  return paths as ZodOpenApiPathsObject;
}

const entryAt = (path: string, method: string) =>
  SERVED.find((entry) => entry.path === path && entry.method === method.toUpperCase());

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
        withIdempotencyKeys(surfacePaths(), (path, method) => entryAt(path, method)?.serve === "operation"),
        (path, method) => {
          const entry = entryAt(path, method);
          return entry ? bodyLimitOf(entry) : bodyLimitFor(path);
        },
      ),
      // the hot router decodes its own paths (GET /c/%FF is an unknown click, 404)
      (path) => SERVED.some((entry) => entry.path === path && entry.serve !== "hot"),
    ),
    components: { securitySchemes: securitySchemes(restPath("obtainAccessToken")) },
  });
}
