// Access tokens for the stdio server: the API key is exchanged at the token
// endpoint (OAuth 2.0 client credentials, the token endpoint) and the token is renewed before
// it expires (a minute early, or a tenth of its lifetime when shorter), one
// exchange at a time. After a 401 the client asks for a fresh token once.
import type { FetchLike } from "./rest-client.ts";

/** The access token response of the token endpoint (RFC 6749 §5.1). */
type TokenResponse = { access_token: string; token_type: string; expires_in: number; scope: string };

/** The token endpoint refused or could not be reached; the message says what to fix. */
export class TokenError extends Error {
  override readonly name = "TokenError";
  constructor(
    message: string,
    readonly status: number,
    readonly error?: string,
  ) {
    super(message);
  }
}

export type Token = { accessToken: string; scopes: string[]; expiresAtMs: number };

export type TokenSource = {
  /** A valid token, exchanged again when it is near expiry (or always, with `fresh`). */
  get(fresh?: boolean): Promise<Token>;
  authorization(fresh: boolean): Promise<string>;
};

export function createTokenSource(options: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
  nowMs?: () => number;
}): TokenSource {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const nowMs = options.nowMs ?? Date.now;
  const endpoint = `${options.baseUrl}/api/auth/token`;
  let current: Token | undefined;
  let refreshAtMs = 0;
  let pending: Promise<Token> | undefined;

  async function exchange(): Promise<Token> {
    const startedMs = nowMs();
    let response: Response;
    try {
      response = await fetchFn(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
      });
    } catch (error) {
      throw new TokenError(
        `cannot reach the token endpoint ${endpoint} (${error instanceof Error ? error.message : String(error)}): check SMA_BASE_URL and that the service is running`,
        0,
      );
    }
    const body = (await response.json().catch(() => ({}))) as Partial<TokenResponse> & {
      error?: string;
      error_description?: string;
    };
    if (!response.ok || typeof body.access_token !== "string") {
      const why = body.error
        ? `${body.error}${body.error_description ? `: ${body.error_description}` : ""}`
        : `HTTP ${response.status}`;
      const hint =
        body.error === "invalid_client"
          ? "check the client id and secret in SMA_API_KEY, and that the client has not been revoked"
          : response.status === 429
            ? `too many token requests; retry after ${response.headers.get("retry-after") ?? "a minute"} seconds`
            : `check SMA_BASE_URL (${options.baseUrl})`;
      throw new TokenError(`SMA_API_KEY was refused by ${endpoint} (${why}): ${hint}`, response.status, body.error);
    }
    const lifetimeMs = Math.max(1, Number(body.expires_in ?? 0)) * 1000;
    refreshAtMs = startedMs + lifetimeMs - Math.min(60_000, lifetimeMs / 10);
    return {
      accessToken: body.access_token,
      scopes: (body.scope ?? "").split(" ").filter(Boolean),
      expiresAtMs: startedMs + lifetimeMs,
    };
  }

  async function get(fresh = false): Promise<Token> {
    if (!fresh && current && nowMs() < refreshAtMs) return current;
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    current = await pending;
    return current;
  }

  return { get, authorization: async (fresh) => `Bearer ${(await get(fresh)).accessToken}` };
}
