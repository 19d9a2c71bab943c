// The token endpoint (E1, obtainAccessToken in lib/http/rest-surface.ts): OAuth 2.0 client credentials
// (RFC 6749 errors, not problem+json)
import { grantClientCredentials, OAuthError } from "@/lib/auth/token-grant";
import { AppError } from "@/lib/errors";
import { bodyLimitOf } from "@/lib/http/body-limits";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/rate-limit/limiter";
import { readBodyText } from "@/lib/http/read-body";
import { surfaceEntry } from "@/lib/http/rest-surface";
import { requestIdFrom } from "@/lib/http/request-id";
import { requestLogger } from "@/lib/log";
import { rateLimitText } from "@/lib/rate-limit/policies";

function oauthResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache", ...headers },
  });
}

/** The form body, at most 4 KiB; an oversized body is 413 with an RFC 6749 error body. */
async function readForm(request: Request): Promise<string> {
  const limit = bodyLimitOf(surfaceEntry("obtainAccessToken"));
  try {
    return await readBodyText(request, limit);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload_too_large")
      throw new OAuthError("invalid_request", `the request body is larger than ${limit} bytes`, 413);
    throw error;
  }
}

export async function obtainAccessToken(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  const log = requestLogger(requestId);
  let headers: Record<string, string> = { "x-request-id": requestId };
  try {
    const limit = await consumeRateLimit("token", clientIp(request));
    headers = { ...headers, ...limit.headers };
    if (!limit.allowed) {
      throw new OAuthError(
        "rate_limited",
        `at most ${rateLimitText("token", "token requests")}; retry after ${limit.retryAfterSec} s`,
      );
    }
    const type = request.headers.get("content-type") ?? "";
    if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
      throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
    }
    const form = new URLSearchParams(await readForm(request));
    const token = await grantClientCredentials({ form, authorization: request.headers.get("authorization") });
    return oauthResponse(token, 200, headers);
  } catch (error) {
    if (error instanceof OAuthError) {
      if (error.error === "invalid_client") headers["WWW-Authenticate"] = 'Basic realm="sma"';
      return oauthResponse({ error: error.error, error_description: error.description }, error.status, headers);
    }
    log.error({ err: error }, "token endpoint failed");
    return oauthResponse(
      { error: "server_error", error_description: `unexpected error (request id ${requestId})` },
      500,
      headers,
    );
  }
}
