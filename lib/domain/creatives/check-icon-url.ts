// The icon check of createCampaign and addCreativeVariant: a HEAD request through the outbound guard (HTTPS
// on the default port only, every hop's address vetted before connecting, a few
// redirects, a short timeout), at most RATE_LIMIT_POLICIES.icon_check fetches a
// minute per advertiser. Anything that is not a publicly reachable HTTPS URL
// answering 2xx is 422 icon_unreachable with one message whatever the cause
// (refused, timed out, wrong status), so the check cannot be used to scan ports
// or hosts; the cause is logged (docs/decisions/0910).
//
// A URL that passed for the advertiser in the last ICON_PASS_TTL_MS is not
// fetched again and costs nothing from the limit, which protects the fetches:
// creating 70 campaigns with one icon makes one request, not 70 refused after
// 60. A failed check is never remembered. The memory is per process
// (docs/decisions/0914).
import type { Actor } from "@/lib/auth/actor";
import { MINUTE_MS, type Clock } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { guardedRequest, OutboundBlockedError, OutboundFailedError } from "@/lib/outbound/guarded-request";
import { consumeRateLimit, peekRateLimit, rateLimitedError } from "@/lib/rate-limit/limiter";
import { keyedTtlMemo } from "@/lib/ttl-memo";

export const ICON_CHECK_TIMEOUT_MS = 4000;
export const ICON_CHECK_MAX_REDIRECTS = 3;
/** How long an icon URL that answered 2xx is trusted, per advertiser, without a new request. */
export const ICON_PASS_TTL_MS = 10 * MINUTE_MS;
/**
 * Passes kept per process (the oldest dropped first). An advertiser can add at most
 * icon_check's 60 a minute, 600 in a pass's lifetime; dropping one costs a fetch.
 */
export const ICON_PASS_MAX_ENTRIES = 20_000;

/** The one message of every failed icon check. */
export const ICON_UNREACHABLE_MESSAGE =
  "must be a publicly reachable https URL on the default port (443) that answers a HEAD request with 2xx";

export type IconCheckOptions = { timeoutMs?: number; allowHosts?: readonly string[]; clock?: Clock };

/** A check that failed: rejected from the shared computation, so it is not remembered. */
class IconUnreachable extends Error {}

const passes = keyedTtlMemo<void>(ICON_PASS_TTL_MS, ICON_PASS_MAX_ENTRIES);

/** Forgets every remembered pass (tests). */
export function forgetIconPasses(): void {
  passes.clear();
}

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

/** One counted fetch: 429 past the limit, IconUnreachable unless it answers 2xx. */
async function fetchIcon(actor: Actor, url: string, options: IconCheckOptions): Promise<void> {
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
    throw new IconUnreachable();
  }
  if (status < 200 || status > 299) {
    logger().info({ advertiserId: actor.advertiserId, cause: `HTTP ${status}` }, "icon check failed");
    throw new IconUnreachable();
  }
}

/**
 * Throws icon_unreachable (with `path` as the field) unless a HEAD request to
 * `url` answers 2xx, or did for this advertiser within ICON_PASS_TTL_MS; 429
 * rate_limited when a request is needed past the advertiser's icon_check limit.
 * Concurrent checks of one URL share one request.
 */
export async function assertIconReachable(
  actor: Actor,
  url: string,
  path: string,
  options: IconCheckOptions = {},
): Promise<void> {
  let fetched = false;
  try {
    await passes.get(
      `${actor.advertiserId}\u0000${url}`,
      () => {
        fetched = true;
        return fetchIcon(actor, url, options);
      },
      options.clock,
    );
  } catch (error) {
    if (error instanceof IconUnreachable) throw unreachable(path);
    throw error;
  }
  // answered without a request of its own: the response still shows what is left
  if (!fetched) await peekRateLimit("icon_check", actor.advertiserId);
}
