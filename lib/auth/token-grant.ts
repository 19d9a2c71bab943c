// the token endpoint: the OAuth 2.0 client-credentials grant (RFC 6749 §4.4), with errors as
// RFC 6749 §5.2 bodies rather than problem+json.
import type { Clock } from "@/lib/clock";
import { NUL_MESSAGE } from "@/lib/errors";
import { authenticateClient } from "./clients";
import { isScope, splitScopes, type Scope } from "./scopes";
import { issueAccessToken } from "./tokens";

export type OAuthErrorCode =
  "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope" | "rate_limited";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** overrides the status the code implies (413 for an oversized body) */
    readonly statusOverride?: number,
  ) {
    super(description);
  }

  get status(): number {
    if (this.statusOverride) return this.statusOverride;
    if (this.error === "invalid_client") return 401;
    if (this.error === "rate_limited") return 429;
    return 400;
  }
}

export type TokenRequest = {
  form: URLSearchParams;
  /** value of the Authorization header, if any */
  authorization: string | null;
};

export type TokenResponse = { access_token: string; token_type: "Bearer"; expires_in: number; scope: string };

function single(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError("invalid_request", `${name} must not be repeated`);
  // PostgreSQL's text cannot hold it: refused here as at every edge (docs/decisions/1421)
  if (values[0]?.includes("\0")) throw new OAuthError("invalid_request", `${name} ${NUL_MESSAGE}`);
  return values[0];
}

function basicCredentials(header: string): { clientId: string; clientSecret: string } {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) throw new OAuthError("invalid_client", "the Authorization header must use the Basic scheme");
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new OAuthError("invalid_client", "Basic credentials must be client_id:client_secret");
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64
  let credentials: { clientId: string; clientSecret: string };
  try {
    credentials = {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    throw new OAuthError("invalid_client", "Basic credentials are not correctly encoded");
  }
  if (credentials.clientId.includes("\0") || credentials.clientSecret.includes("\0"))
    throw new OAuthError("invalid_client", `Basic credentials ${NUL_MESSAGE}`);
  return credentials;
}

export async function grantClientCredentials(
  request: TokenRequest,
  options: { clock?: Clock } = {},
): Promise<TokenResponse> {
  const { form } = request;
  const grantType = single(form, "grant_type");
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
  if (grantType !== "client_credentials") {
    throw new OAuthError("unsupported_grant_type", "only grant_type=client_credentials is supported");
  }
  const bodyId = single(form, "client_id");
  const bodySecret = single(form, "client_secret");
  const scopeParam = single(form, "scope");

  let credentials: { clientId: string; clientSecret: string };
  if (request.authorization) {
    if (bodySecret !== undefined) {
      throw new OAuthError("invalid_request", "use either HTTP Basic or client_secret in the body, not both");
    }
    credentials = basicCredentials(request.authorization);
    if (bodyId !== undefined && bodyId !== credentials.clientId) {
      throw new OAuthError("invalid_request", "client_id in the body does not match the Basic credentials");
    }
  } else {
    if (!bodyId) throw new OAuthError("invalid_request", "client_id is required");
    if (!bodySecret) throw new OAuthError("invalid_request", "client_secret is required");
    credentials = { clientId: bodyId, clientSecret: bodySecret };
  }

  const client = await authenticateClient(credentials.clientId, credentials.clientSecret, options);
  if (!client) throw new OAuthError("invalid_client", "client authentication failed");

  let scopes: Scope[] = client.scopes;
  if (scopeParam !== undefined) {
    const requested = splitScopes(scopeParam);
    if (requested.length === 0) throw new OAuthError("invalid_scope", "scope is empty");
    const refused = requested.filter((scope) => !isScope(scope) || !client.scopes.includes(scope));
    if (refused.length)
      throw new OAuthError("invalid_scope", `scope not allowed for this client: ${refused.join(" ")}`);
    scopes = requested as Scope[];
  }

  const { token, expiresIn } = await issueAccessToken(
    { clientId: client.clientId, advertiserId: client.advertiserId, scopes },
    options,
  );
  return { access_token: token, token_type: "Bearer", expires_in: expiresIn, scope: scopes.join(" ") };
}
