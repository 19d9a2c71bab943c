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

// CSPRNG bytes drawn from a pooled buffer refilled 16 KiB at a time, not one
// randomBytes() call per id, which was most of an id's cost on the delivery hot path
// (docs/decisions/0008).
const pool = Buffer.alloc(16 * 1024);
let poolOffset = pool.length;
const ALPHABET_CODES = Buffer.from(ALPHABET, "latin1");
// An id's characters are written into a buffer and read out as one flat string:
// built one character at a time, an id was a chain of small strings to allocate,
// then flatten when hashed (a 10,000-user moment makes three ids per impression).
const scratch = Buffer.alloc(256);

/** Writes `length` base62 characters from the CSPRNG into `into` at `at` (rejection sampling keeps it uniform). */
function writeRandom(into: Buffer, at: number, length: number): void {
  const end = at + length;
  let index = at;
  while (index < end) {
    if (poolOffset >= pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    const byte = pool[poolOffset++]!;
    // 248 = 4 * 62: rejecting the rest keeps every character equally likely
    if (byte < 248) into[index++] = ALPHABET_CODES[byte % 62]!;
  }
}

/** `length` base62 characters from the CSPRNG. */
export function randomBase62(length: number): string {
  if (length > scratch.length) {
    let out = "";
    for (let left = length; left > 0; left -= scratch.length) out += randomBase62(Math.min(left, scratch.length));
    return out;
  }
  writeRandom(scratch, 0, length);
  return scratch.toString("latin1", 0, length);
}

/**
 * A time-ordered id's buffer per prefix: "prefix_", 8 base62 characters of epoch
 * ms (sorts as the time does until the year 8000+), then the random ones. The
 * time characters are rewritten only when the millisecond changes (a moment's
 * ids all share one).
 */
type Stamp = { buffer: Buffer; at: number; ms: number };
const stamps = new Map<string, Stamp>();

function timeOrderedId(prefix: string, nowMs: number, randomLength: number): string {
  let stamp = stamps.get(prefix);
  if (!stamp) {
    const at = prefix.length + 1;
    stamp = { buffer: Buffer.alloc(at + 8 + 22), at, ms: Number.NaN };
    stamp.buffer.write(`${prefix}_`, 0, "latin1");
    stamps.set(prefix, stamp);
  }
  const { buffer, at } = stamp;
  const ms = Math.floor(nowMs);
  if (stamp.ms !== ms) {
    let value = ms;
    for (let index = at + 7; index >= at; index--) {
      buffer[index] = ALPHABET_CODES[value % 62]!;
      value = Math.floor(value / 62);
    }
    stamp.ms = ms;
  }
  writeRandom(buffer, at + 8, randomLength);
  return buffer.toString("latin1", 0, at + 8 + randomLength);
}

export type IdPrefix =
  | "adv" // advertiser
  | "usr" // dashboard user
  | "rcv" // two-factor recovery code
  | "wch" // WebAuthn challenge of one passkey ceremony (lib/domain/two-factor/webauthn.ts)
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
  | "ntf" // notification: one alert to one member (lib/domain/alerts)
  | "led" // ledger entry (lib/domain/billing)
  | "ivc" // invoice, credit note or statement (lib/domain/billing)
  | "rul" // automated rule (lib/domain/rules)
  | "rrn" // one evaluated window of a rule
  | "rac" // what a rule did to one campaign in one window
  | "srp" // saved report (lib/domain/saved-reports)
  | "rpd"; // one period's send of a scheduled report

/** prefix_ + 22 random base62 characters (131 bits): unguessable. */
export function newId(prefix: IdPrefix, length = 22): string {
  return `${prefix}_${randomBase62(length)}`;
}

/** prefix_ + 8 base62 characters of time + 14 random ones (83 bits): sorts by creation time. */
export function sortableId(prefix: IdPrefix, nowMs: number): string {
  return timeOrderedId(prefix, nowMs, 14);
}

/** clk_ + 8 base62 characters of time + 22 random ones (131 bits). */
export function clickId(nowMs: number): string {
  return timeOrderedId("clk", nowMs, 22);
}

export const CLICK_ID_PATTERN = /^clk_[0-9A-Za-z]{30}$/;

export function newUuid(): string {
  return randomUUID();
}
