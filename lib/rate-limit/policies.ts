// The rate-limit policies (Dub's pattern: one table), apart from their
// enforcement in lib/rate-limit/limiter.ts, which imports the database client: pages and
// documents that state the numbers import them from here, Prisma-free.
//
// keyBy says what one counter counts: "ip" the client address (an IPv4 address, or
// an IPv6 address's /64: lib/http/client-ip.ts addressBucket), "advertiser", "account"
// (an email), "device" (an email and a device cookie), "all" every caller together.

export const RATE_LIMIT_POLICIES = {
  /** the token endpoint: 10 token requests per minute per IP address (spec, Limits). */
  token: { points: 10, durationSec: 60, keyBy: "ip" },
  /** getCampaignReport and getCampaignTimeseries: 60 reports (performance or time series, one shared count) per minute per advertiser, across all its clients. */
  report: { points: 60, durationSec: 60, keyBy: "advertiser" },
  /**
   * createCampaign and addCreativeVariant (and their GraphQL twins): icon fetches, each an outbound HEAD request, per advertiser. An
   * icon that passed in the last 10 minutes is not fetched again and counts nothing (docs/decisions/0914).
   */
  icon_check: { points: 60, durationSec: 60, keyBy: "advertiser" },
  /**
   * createCampaign and updateCampaign with validate_only (and their GraphQL twins; the MCP tools call REST): every
   * preview, counted in the domain so every transport shares it. It bounds how fast a rival
   * can probe the estimates; the estimates' own rounding is the defence (docs/decisions/0304).
   */
  preview: { points: 60, durationSec: 60, keyBy: "advertiser" },
  /** sendWebhookTestEvent test sends and manual webhook redeliveries make outbound requests on demand. */
  webhook_send: { points: 30, durationSec: 60, keyBy: "advertiser" },
  /** the postback endpoints: unknown click ids and missing, wrong or revoked postback keys per IP (guessing either); a valid postback's count is refunded. */
  postback_miss: { points: 60, durationSec: 60, keyBy: "ip" },
  /** Dashboard sign-in: failed attempts per IP address (many accounts tried from one place). */
  sign_in_ip: { points: 30, durationSec: 900, keyBy: "ip" },
  /** Dashboard sign-in: failed attempts per account (one account guessed at from anywhere). */
  sign_in_account: { points: 5, durationSec: 900, keyBy: "account" },
  /**
   * Dashboard sign-in from a browser with a valid device cookie for the account: failed
   * attempts per account and device (key: email and the cookie's nonce), counted instead of
   * sign_in_account, so an attacker locking the account out of unknown browsers does not lock
   * out its owner's known ones (OWASP device cookies, docs/decisions/1418).
   */
  sign_in_device: { points: 5, durationSec: 900, keyBy: "device" },
  /**
   * Dashboard sign-up: every attempt per IP address, successful or not (accounts made without
   * bound, emails probed through "already exists"). 20 an hour: one office behind a NAT signs
   * up a handful of advertisers, and one e2e run makes 9 (18 with CI retries) from 127.0.0.1
   * (docs/decisions/1415).
   */
  sign_up_ip: { points: 20, durationSec: 3600, keyBy: "ip" },
  /**
   * Dashboard sign-up: every attempt from all addresses together, counted after sign_up_ip
   * allowed it (a bot spread over many addresses or /64s). 200 an hour: each account is an
   * advertiser, and even a launch day brings a few dozen in its busiest hour; a bot creating
   * accounts or probing emails from many addresses reaches it within minutes (docs/decisions/1415).
   */
  sign_up_all: { points: 200, durationSec: 3600, keyBy: "all" },
  /**
   * "Forgot password" requests per IP address, whatever the email (emails probed, or one inbox
   * flooded from one place); unknown or spent reset links count here too (docs/decisions/1220).
   */
  password_reset_ip: { points: 20, durationSec: 3600, keyBy: "ip" },
  /**
   * Reset emails per account: past 3 an hour a request still answers the same, and sends nothing
   * (an inbox flooded from many places). Counted by the service, never refused to the caller.
   */
  password_reset_account: { points: 3, durationSec: 3600, keyBy: "account" },
  /** Invitations an advertiser's admins make, each of which may send an email (docs/decisions/1219). */
  invitation_send: { points: 30, durationSec: 3600, keyBy: "advertiser" },
  /**
   * Invitation links per IP address that name no pending invitation when an account is made
   * through one (links are 256 bits: this bounds noise, docs/decisions/1219).
   */
  invitation_link_ip: { points: 20, durationSec: 3600, keyBy: "ip" },
  /**
   * OAuth authorization requests (/oauth/authorize) per IP address: each may fetch a client ID
   * metadata document from the address a client_id names, so the outbound fetches a caller can
   * cause are bounded too (docs/decisions/1312).
   */
  oauth_authorize: { points: 60, durationSec: 60, keyBy: "ip" },
  /** OAuth code and refresh-token exchanges and revocations (/oauth/token, /oauth/revoke) per IP address. */
  oauth_token: { points: 60, durationSec: 60, keyBy: "ip" },
  /** OAuth dynamic client registrations (/oauth/register, RFC 7591) per IP address: each is a stored row. */
  oauth_register: { points: 20, durationSec: 3600, keyBy: "ip" },
} as const satisfies Record<
  string,
  { points: number; durationSec: number; keyBy: "ip" | "advertiser" | "account" | "device" | "all" }
>;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** A window in words: "per minute", "per 15 minutes", "per hour", "per 2 hours", "per 30 seconds". */
export function perWindow(durationSec: number): string {
  if (durationSec % 3600 === 0) return durationSec === 3600 ? "per hour" : `per ${durationSec / 3600} hours`;
  if (durationSec % 60 === 0) return durationSec === 60 ? "per minute" : `per ${durationSec / 60} minutes`;
  return durationSec === 1 ? "per second" : `per ${durationSec} seconds`;
}

/** A policy's numbers in words, `unit` naming what is counted: "60 reports per minute", or "60 per minute" without one. */
export function rateLimitText(policy: RateLimitPolicy, unit?: string): string {
  const { points, durationSec } = RATE_LIMIT_POLICIES[policy];
  return `${points}${unit ? ` ${unit}` : ""} ${perWindow(durationSec)}`;
}
