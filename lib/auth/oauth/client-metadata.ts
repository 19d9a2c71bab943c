// What this authorization server accepts as an OAuth client's metadata, from a
// dynamic registration (RFC 7591) or a client ID metadata document (the MCP
// authorization spec's CIMD: the client_id is an https URL whose JSON names the
// client). The SDK's RFC 7591 schema parses the fields; the rules here are ours
// (docs/decisions/1312):
// - every client is public: PKCE S256 proves the code's requester, no secret is
//   issued or accepted (token_endpoint_auth_method "none");
// - redirect URIs are https, http on a loopback host (RFC 8252 §7.3: a native
//   app's local listener, any port at authorization time), or a native app's
//   private-use scheme of reverse-domain form (RFC 8252 §7.1:
//   `com.example.app:/callback`); nothing else: a scheme without a dot is a
//   browser's or the system's own (javascript:, view-source:, jar:, ms-msdt:…),
//   and the authorization server would redirect to it (docs/decisions/1430);
//   never a fragment;
// - the name, address and logo are shown on the consent page beside the
//   client_id's host: an https client_uri or logo_uri only.
import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { z } from "zod";

export const LOOPBACK_REDIRECT_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A private-use scheme as RFC 8252 §7.1 asks native apps to choose it: a domain name the app's
 * maker controls, reversed (com.example.app). Any scheme without a dot is refused: the browser's
 * and the system's schemes have none.
 */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+:$/;

/** Limits of what a client may tell us (it is stored, and shown to users). */
export const CLIENT_METADATA_LIMITS = { redirectUris: 10, uriLength: 2000, nameLength: 100 } as const;

/** Why a redirect URI is refused, or null when it is acceptable. */
export function redirectUriProblem(value: string): string | null {
  if (value.length > CLIENT_METADATA_LIMITS.uriLength) return "is too long";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.hash || value.includes("#")) return "must not have a fragment";
  if (url.username || url.password) return "must not carry credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") {
    return LOOPBACK_REDIRECT_HOSTS.has(url.hostname)
      ? null
      : "must be https, or http on a loopback host (localhost, 127.0.0.1, [::1])";
  }
  // a native app's private-use scheme (RFC 8252 §7.1), named after a domain it controls
  return REVERSE_DOMAIN_SCHEME.test(url.protocol)
    ? null
    : `must not use the ${url.protocol} scheme: https, http on a loopback host, or a private-use scheme of reverse-domain form (com.example.app:/callback)`;
}

const httpsUrl = (what: string) =>
  z
    .string()
    .max(CLIENT_METADATA_LIMITS.uriLength)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", `${what} must be an https URL`);

/** The SDK's RFC 7591 schema with our rules on top. */
export const clientMetadataSchema = OAuthClientMetadataSchema.extend({
  redirect_uris: z
    .array(z.string())
    .min(1, "redirect_uris must name at least one redirect URI")
    .max(CLIENT_METADATA_LIMITS.redirectUris, `at most ${CLIENT_METADATA_LIMITS.redirectUris} redirect_uris`)
    .superRefine((uris, ctx) => {
      uris.forEach((uri, index) => {
        const problem = redirectUriProblem(uri);
        if (problem) ctx.addIssue({ code: "custom", path: [index], message: `redirect URI ${problem}` });
      });
    }),
  token_endpoint_auth_method: z
    .literal("none", "token_endpoint_auth_method must be none: clients are public and prove themselves with PKCE")
    .optional(),
  grant_types: z
    .array(
      z.enum(["authorization_code", "refresh_token"], "grant_types may be authorization_code and refresh_token only"),
    )
    .optional(),
  response_types: z.array(z.literal("code", "response_types may be code only")).optional(),
  client_name: z.string().trim().min(1).max(CLIENT_METADATA_LIMITS.nameLength).optional(),
  client_uri: httpsUrl("client_uri").optional(),
  logo_uri: httpsUrl("logo_uri").optional(),
});

/** zod's issues in one sentence for an RFC 7591 error_description. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** The stored form of a client: public, code flow, with refresh tokens unless it said otherwise. */
export function publicClient(
  clientId: string,
  metadata: z.infer<typeof clientMetadataSchema>,
  issuedAtSec?: number,
): OAuthClientInformationFull {
  return {
    ...metadata,
    client_id: clientId,
    ...(issuedAtSec !== undefined && { client_id_issued_at: issuedAtSec }),
    token_endpoint_auth_method: "none",
    grant_types: metadata.grant_types ?? ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}

/**
 * A client ID URL as the CIMD draft requires it: https, a path other than "/", no fragment,
 * no credentials, no dot segments. Anything else is not fetched.
 */
export function isClientIdUrl(value: string): boolean {
  if (!value.startsWith("https://") || value.length > CLIENT_METADATA_LIMITS.uriLength) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes("#") || url.username || url.password) return false;
  if (url.pathname === "/" || url.pathname === "") return false;
  const rawPath =
    value
      .slice("https://".length)
      .replace(/^[^/?]*/, "")
      .split("?")[0] ?? "";
  return !rawPath.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/** Parses a fetched client ID metadata document for `clientId`; throws Error with a reason safe to show. */
export function parseClientMetadataDocument(clientId: string, body: unknown): OAuthClientInformationFull {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error("the client metadata document is not a JSON object");
  }
  const document = body as Record<string, unknown>;
  if (document.client_id !== clientId) {
    throw new Error("the client metadata document's client_id is not the URL it was fetched from");
  }
  if ("client_secret" in document || "client_secret_expires_at" in document) {
    throw new Error("a client metadata document must not hold a client secret");
  }
  const parsed = clientMetadataSchema.safeParse(document);
  if (!parsed.success) throw new Error(`the client metadata document is invalid: ${describeIssues(parsed.error)}`);
  return publicClient(clientId, parsed.data);
}
