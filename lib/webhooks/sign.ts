// Webhook signatures (docs/api.md): HMAC-SHA256 keyed with the endpoint's secret
// string, exactly as returned at registration, over the bytes
// `<timestamp>.<raw body>`, sent as `X-Service-Signature: sha256=<hex>` next to
// `X-Service-Timestamp` (Unix seconds) and `X-Service-Event-Id`. Signing the
// timestamp with the body lets receivers refuse replays (the AdCP and Stripe scheme).
import { createHmac, timingSafeEqual } from "node:crypto";

export const EVENT_ID_HEADER = "X-Service-Event-Id";
export const TIMESTAMP_HEADER = "X-Service-Timestamp";
export const SIGNATURE_HEADER = "X-Service-Signature";

/** Receivers should refuse timestamps further than this from their clock. */
export const DEFAULT_TOLERANCE_SEC = 300;

/** `sha256=<hex>` for a Unix-seconds timestamp and the exact body bytes. */
export function computeSignature(secret: string, timestampSec: number, rawBody: string | Buffer): string {
  const hmac = createHmac("sha256", secret);
  hmac.update(`${timestampSec}.`);
  hmac.update(rawBody);
  return `sha256=${hmac.digest("hex")}`;
}

/** The three signing headers of one delivery attempt (each attempt is signed afresh). */
export function signatureHeaders(
  secret: string,
  eventId: string,
  rawBody: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    [EVENT_ID_HEADER]: eventId,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: computeSignature(secret, timestamp, rawBody),
  };
}

export type VerifyResult =
  | { ok: true; timestampSec: number }
  | { ok: false; reason: "missing_header" | "bad_timestamp" | "stale_timestamp" | "bad_signature" };

/**
 * What a receiver does (and what our tests do): recompute over the raw body,
 * compare in constant time, refuse timestamps outside the tolerance.
 */
export function verifySignature(input: {
  secret: string;
  rawBody: string | Buffer;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  nowMs?: number;
  toleranceSec?: number;
}): VerifyResult {
  if (!input.timestamp || !input.signature) return { ok: false, reason: "missing_header" };
  if (!/^\d{1,12}$/.test(input.timestamp)) return { ok: false, reason: "bad_timestamp" };
  const timestampSec = Number(input.timestamp);
  const nowSec = Math.floor((input.nowMs ?? Date.now()) / 1000);
  if (Math.abs(nowSec - timestampSec) > (input.toleranceSec ?? DEFAULT_TOLERANCE_SEC))
    return { ok: false, reason: "stale_timestamp" };
  const expected = Buffer.from(computeSignature(input.secret, timestampSec, input.rawBody));
  const given = Buffer.from(input.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "bad_signature" };
  return { ok: true, timestampSec };
}
