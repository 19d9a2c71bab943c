// What a tool must know about each REST operation it calls, read from the
// service's OpenAPI document (the service declares it once per operation:
// docs/decisions/1005): its method and path, the scopes its token needs (the
// operation's `security`), whether it changes something, and whether a retry
// with the same Idempotency-Key replays the first answer. scripts/mcp-codegen.ts
// writes this for the committed document into generated/operations.ts; tests
// derive it from altered documents to prove the tools follow it.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type OperationMeta = {
  method: HttpMethod;
  path: string;
  /** public: no token; authenticated: any token of an advertiser; scoped: a token holding every scope of `scopes` */
  access: "public" | "authenticated" | "scoped";
  scopes: readonly string[];
  /** changes something (any method but GET) */
  write: boolean;
  /** x-idempotent, or accepts an Idempotency-Key header: a retry with the same key replays the first answer */
  idempotent: boolean;
  /** x-rate-limit: calls counted per window */
  rateLimit?: { points: number; windowSeconds: number; per: string };
};

type DocumentOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in?: string; name?: string }[];
  "x-idempotent"?: boolean;
  "x-rate-limit"?: { points: number; window_seconds: number; per: string };
};

export type OpenApiDocumentLike = {
  security?: Record<string, string[]>[];
  paths?: Record<string, Record<string, unknown>>;
};

const METHODS: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete"];

/**
 * The metadata of every operation of `document` under `prefix` that a REST
 * client can call with an access token (or none): operations secured by
 * anything else (platform keys) are left out.
 */
export function operationMetadata(document: OpenApiDocumentLike, prefix = "/api/ads/"): Record<string, OperationMeta> {
  const out: Record<string, OperationMeta> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith(prefix)) continue;
    for (const method of METHODS) {
      const operation = item[method] as DocumentOperation | undefined;
      if (!operation?.operationId) continue;
      const security = operation.security ?? document.security ?? [];
      if (security.some((requirement) => Object.keys(requirement).some((scheme) => scheme !== "oauth2"))) continue;
      const scopes = [...new Set(security.flatMap((requirement) => requirement.oauth2 ?? []))].sort();
      const limit = operation["x-rate-limit"];
      out[operation.operationId] = {
        method,
        path,
        access: security.length === 0 ? "public" : scopes.length === 0 ? "authenticated" : "scoped",
        scopes,
        write: method !== "get",
        idempotent:
          operation["x-idempotent"] === true ||
          (operation.parameters ?? []).some(
            (parameter) => parameter.in === "header" && parameter.name?.toLowerCase() === "idempotency-key",
          ),
        ...(limit ? { rateLimit: { points: limit.points, windowSeconds: limit.window_seconds, per: limit.per } } : {}),
      };
    }
  }
  return out;
}
