// Verifying a Sports Moment Ads webhook in Node (no dependencies). Copy this
// function into your receiver. It must see the RAW request body bytes, exactly
// as received: parsing the JSON and serialising it again changes the bytes and
// the signature no longer matches.
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * @param {Buffer | string} rawBody  the request body exactly as received
 * @param {Record<string, string | string[] | undefined>} headers  lower-cased header names (node:http, Express)
 * @param {string} secret  the endpoint's secret as returned at registration (64 hex characters)
 * @returns {boolean} true when the signature matches and the timestamp is within 5 minutes
 */
export function verifyWebhook(rawBody, headers, secret, { toleranceSec = 300, nowMs = Date.now() } = {}) {
  const timestamp = headers["x-service-timestamp"];
  const signature = headers["x-service-signature"];
  if (typeof timestamp !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(timestamp)) return false;
  // refuse old (replayed) or future deliveries
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceSec) return false;
  const expected = "sha256=" + createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
