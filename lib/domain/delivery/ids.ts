// Identifiers minted on the delivery hot path. Same shape as lib/ids newId
// (prefix + 22 base62 characters from the CSPRNG), but:
// - random bytes come from a pooled buffer refilled 16 KiB at a time, not one
//   randomBytes() call per id (measured: the per-call cost dominated id minting);
// - rows that are only ever appended (impressions, auctions, outbox events) get
//   time-ordered ids: 8 base62 characters of epoch ms then 14 random ones
//   (83 bits), so their primary-key index grows at its right edge instead of
//   touching a random page per insert (docs/decisions/0402-delivery-writes.md).
// Click ids are bearer credentials for postbacks: 8 characters of time, then 22
// random ones (131 bits, as unguessable as any other id), so that the unique
// click-id index also grows at its right edge.
import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const pool = Buffer.alloc(16 * 1024);
let offset = pool.length;

function randomByte(): number {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  return pool[offset++]!;
}

function randomChars(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** prefix_ + 22 random base62 characters (131 bits): unguessable. */
export function randomId(prefix: string): string {
  return `${prefix}_${randomChars(22)}`;
}

function timeChars(ms: number): string {
  let value = Math.floor(ms);
  let out = "";
  for (let index = 0; index < 8; index++) {
    out = ALPHABET[value % 62]! + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** prefix_ + 8 base62 characters of time + 14 random ones: sorts by creation time. */
export function sortableId(prefix: string, nowMs: number): string {
  return `${prefix}_${timeChars(nowMs)}${randomChars(14)}`;
}

/** clk_ + 8 base62 characters of time + 22 random ones (131 bits). */
export function clickId(nowMs: number): string {
  return `clk_${timeChars(nowMs)}${randomChars(22)}`;
}

export const CLICK_ID_PATTERN = /^clk_[0-9A-Za-z]{30}$/;
