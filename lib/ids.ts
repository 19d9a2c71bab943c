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

/** `length` base62 characters from the CSPRNG (rejection sampling keeps it uniform). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    if (poolOffset >= pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    const byte = pool[poolOffset++]!;
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
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

/** 8 base62 characters of epoch ms (sorts as the time does until the year 8000+). */
function timeChars(ms: number): string {
  let value = Math.floor(ms);
  let out = "";
  for (let index = 0; index < 8; index++) {
    out = ALPHABET[value % 62]! + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** prefix_ + 8 base62 characters of time + 14 random ones (83 bits): sorts by creation time. */
export function sortableId(prefix: IdPrefix, nowMs: number): string {
  return `${prefix}_${timeChars(nowMs)}${randomBase62(14)}`;
}

/** clk_ + 8 base62 characters of time + 22 random ones (131 bits). */
export function clickId(nowMs: number): string {
  return `clk_${timeChars(nowMs)}${randomBase62(22)}`;
}

export const CLICK_ID_PATTERN = /^clk_[0-9A-Za-z]{30}$/;

export function newUuid(): string {
  return randomUUID();
}
