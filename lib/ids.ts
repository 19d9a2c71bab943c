// Identifiers: a short type prefix and base62 characters from the CSPRNG
// (Stripe style), so an id says what it names and cannot be guessed or
// enumerated (docs/decisions/0008-ids-and-secrets.md).
// - newId: 22 random characters (131 bits) for rows that are looked up by id;
// - sortableId: 8 characters of epoch ms then 14 random ones (83 bits) for rows
//   that are only ever appended (impressions, auctions, outbox events), so their
//   primary-key index grows at its right edge instead of touching a random page
//   per insert (docs/decisions/0402-delivery-writes.md);
// - clickId: 8 characters of time then 22 random ones (131 bits): click ids are
//   bearer credentials for postbacks, and the unique click-id index also grows
//   at its right edge.
import { randomFillSync, randomUUID } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// CSPRNG bytes drawn from a pooled buffer refilled 16 KiB at a time: one
// randomBytes() call per id cost about 3 us, most of an id's share of the
// delivery hot path.
const pool = Buffer.alloc(16 * 1024);
let poolOffset = pool.length;
const ALPHABET_CODES = Buffer.from(ALPHABET, "latin1");
// An id's characters are written here and read out as one flat string: built one
// character at a time, an id was a chain of small strings to allocate, then flatten
// when hashed (about 1 us an id; a 10,000-user moment makes three per impression).
const scratch = Buffer.alloc(256);

/** Writes `length` base62 characters from the CSPRNG into scratch at `at` (rejection sampling keeps it uniform). */
function writeRandom(at: number, length: number): void {
  const end = at + length;
  let index = at;
  while (index < end) {
    if (poolOffset >= pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    const byte = pool[poolOffset++]!;
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely
    if (byte < 248) scratch[index++] = ALPHABET_CODES[byte % 62]!;
  }
}

/** Writes 8 base62 characters of epoch ms into scratch at `at` (sorts as the time does until the year 8000+). */
function writeTime(at: number, ms: number): void {
  let value = Math.floor(ms);
  for (let index = at + 7; index >= at; index--) {
    scratch[index] = ALPHABET_CODES[value % 62]!;
    value = Math.floor(value / 62);
  }
}

/** Writes a prefix and "_" into scratch; returns where the rest goes. */
function writePrefix(prefix: string): number {
  const length = scratch.write(prefix, 0, "latin1");
  scratch[length] = 0x5f; // "_"
  return length + 1;
}

/** `length` base62 characters from the CSPRNG. */
export function randomBase62(length: number): string {
  if (length > scratch.length) {
    let out = "";
    for (let left = length; left > 0; left -= scratch.length) out += randomBase62(Math.min(left, scratch.length));
    return out;
  }
  writeRandom(0, length);
  return scratch.toString("latin1", 0, length);
}

export type IdPrefix =
  | "adv" // advertiser
  | "usr" // dashboard user
  | "cli" // API client
  | "pk" // platform key record
  | "cmp" // campaign
  | "cr" // creative
  | "imp" // impression
  | "clk" // click (the click_id: 128+ bits, it is a bearer credential for postbacks)
  | "cnv" // conversion
  | "auc" // auction
  | "bid" // bid adjustment
  | "evt" // outbox event
  | "whd" // webhook delivery
  | "wda" // webhook delivery attempt
  | "pbf" // postback forward
  | "pbk" // postback key record (the key itself: lib/domain/postback-keys)
  | "key" // signing key id
  | "oac" // OAuth client registered dynamically (RFC 7591)
  | "ogr" // OAuth grant: a connected app
  | "oaz" // OAuth authorization request (and the code it issues)
  | "chg" // a change in the history (time-ordered)
  | "inv" // invitation to an advertiser (the link's token itself: lib/domain/members)
  | "pwr" // password reset request (the link's token itself: lib/domain/users)
  | "ntf"; // notification: one alert to one member (lib/domain/alerts)

/** prefix_ + 22 random base62 characters (131 bits): unguessable. */
export function newId(prefix: IdPrefix, length = 22): string {
  return `${prefix}_${randomBase62(length)}`;
}

/** prefix_ + 8 base62 characters of time + 14 random ones (83 bits): sorts by creation time. */
export function sortableId(prefix: IdPrefix, nowMs: number): string {
  const at = writePrefix(prefix);
  writeTime(at, nowMs);
  writeRandom(at + 8, 14);
  return scratch.toString("latin1", 0, at + 22);
}

/** clk_ + 8 base62 characters of time + 22 random ones (131 bits). */
export function clickId(nowMs: number): string {
  const at = writePrefix("clk");
  writeTime(at, nowMs);
  writeRandom(at + 8, 22);
  return scratch.toString("latin1", 0, at + 30);
}

export const CLICK_ID_PATTERN = /^clk_[0-9A-Za-z]{30}$/;

export function newUuid(): string {
  return randomUUID();
}
