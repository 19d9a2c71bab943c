// The icon check of E5 and E8: a HEAD request through the outbound guard (HTTPS
// on the default port only, every hop's address vetted before connecting, a few
// redirects, a short timeout), at most RATE_LIMIT_POLICIES.icon_check a minute per
// advertiser. Anything that is not a publicly reachable HTTPS URL answering 2xx is
// 422 icon_unreachable with one message whatever the cause (refused, timed out,
// wrong status), so the check cannot be used to scan ports or hosts; the cause is
// logged (docs/decisions/0910).
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { guardedRequest, OutboundBlockedError, OutboundFailedError } from "@/lib/outbound/guarded-request";
import { consumeRateLimit, rateLimitedError } from "@/lib/rate-limit";

export const ICON_CHECK_TIMEOUT_MS = 4000;
export const ICON_CHECK_MAX_REDIRECTS = 3;

/** The one message of every failed icon check. */
export const ICON_UNREACHABLE_MESSAGE =
  "must be a publicly reachable https URL on the default port (443) that answers a HEAD request with 2xx";

export type IconCheckOptions = { timeoutMs?: number; allowHosts?: readonly string[] };

function unreachable(path: string): AppError {
  return new AppError("icon_unreachable", {
    detail: `${path} ${ICON_UNREACHABLE_MESSAGE}.`,
    fieldErrors: [{ path, message: ICON_UNREACHABLE_MESSAGE }],
  });
}

/** Why a check failed, for the log only (never for the caller). */
function causeOf(error: unknown): string {
  if (error instanceof OutboundBlockedError) return `refused: ${error.reason} (${error.detail})`;
  if (error instanceof OutboundFailedError) return `failed: ${error.reason} (${error.message})`;
  return String(error);
}

/**
 * Throws icon_unreachable (with `path` as the field) unless a HEAD request to
 * `url` answers 2xx; 429 rate_limited past the advertiser's icon_check limit.
 */
export async function assertIconReachable(
  actor: Actor,
  url: string,
  path: string,
  options: IconCheckOptions = {},
): Promise<void> {
  const limit = await consumeRateLimit("icon_check", actor.advertiserId);
  if (!limit.allowed) throw rateLimitedError(limit);
  let status: number;
  try {
    const response = await guardedRequest(url, {
      method: "HEAD",
      timeoutMs: options.timeoutMs ?? ICON_CHECK_TIMEOUT_MS,
      maxRedirects: ICON_CHECK_MAX_REDIRECTS,
      maxBodyBytes: 1024,
      allowHosts: options.allowHosts,
      defaultPortOnly: true,
    });
    status = response.status;
  } catch (error) {
    if (!(error instanceof OutboundBlockedError || error instanceof OutboundFailedError)) throw error;
    logger().info({ advertiserId: actor.advertiserId, cause: causeOf(error) }, "icon check failed");
    throw unreachable(path);
  }
  if (status < 200 || status > 299) {
    logger().info({ advertiserId: actor.advertiserId, cause: `HTTP ${status}` }, "icon check failed");
    throw unreachable(path);
  }
}
