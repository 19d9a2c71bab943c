import { describe, expect, it } from "vitest";
import { computeSignature, signatureHeaders, verifySignature } from "./sign";

const SECRET = "5f2b7c9d1e3a4b6c8d0e2f4a6b8c0d1e3f5a7b9c1d3e5f7a9b1c3d5e7f9a1b3c";
const BODY = '{"id":"evt_1","type":"click.recorded"}';
// computed independently: python3 hmac.new(SECRET.encode(), b"1763800000." + BODY, sha256)
const EXPECTED = "sha256=d40f649f0393d9595de04cc7de522177ea8c53c119b687f73fc833725ca5534a";

describe("webhook signatures", () => {
  it("is HMAC-SHA256 keyed with the secret string over `<timestamp>.<raw body>`", () => {
    expect(computeSignature(SECRET, 1763800000, BODY)).toBe(EXPECTED);
    expect(computeSignature(SECRET, 1763800000, Buffer.from(BODY))).toBe(EXPECTED);
  });

  it("builds the three headers with the timestamp in Unix seconds", () => {
    expect(signatureHeaders(SECRET, "evt_1", BODY, 1763800000_999)).toEqual({
      "X-Service-Event-Id": "evt_1",
      "X-Service-Timestamp": "1763800000",
      "X-Service-Signature": EXPECTED,
    });
  });

  it("verifies the raw body and refuses anything else", () => {
    const base = { secret: SECRET, rawBody: BODY, timestamp: "1763800000", signature: EXPECTED, nowMs: 1763800010_000 };
    expect(verifySignature(base)).toEqual({ ok: true, timestampSec: 1763800000 });
    // a re-serialised body (other spacing) is not the signed bytes
    expect(verifySignature({ ...base, rawBody: JSON.stringify(JSON.parse(BODY), null, 1) })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifySignature({ ...base, secret: SECRET.replace("5f", "5e") })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifySignature({ ...base, timestamp: "1763800001", nowMs: 1763800010_000 })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifySignature({ ...base, signature: EXPECTED.slice(0, -1) })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifySignature({ ...base, signature: null })).toEqual({ ok: false, reason: "missing_header" });
    expect(verifySignature({ ...base, timestamp: "17638e5" })).toEqual({ ok: false, reason: "bad_timestamp" });
  });

  it("refuses timestamps more than 5 minutes from the receiver's clock", () => {
    const base = { secret: SECRET, rawBody: BODY, timestamp: "1763800000", signature: EXPECTED };
    expect(verifySignature({ ...base, nowMs: (1763800000 + 300) * 1000 }).ok).toBe(true);
    expect(verifySignature({ ...base, nowMs: (1763800000 + 301) * 1000 })).toEqual({
      ok: false,
      reason: "stale_timestamp",
    });
    expect(verifySignature({ ...base, nowMs: (1763800000 - 301) * 1000 })).toEqual({
      ok: false,
      reason: "stale_timestamp",
    });
  });
});
