// Identifiers: a short type prefix and random base62 characters (Stripe style),
// so an id says what it names and cannot be guessed or enumerated.
import { randomFillSync, randomUUID } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// CSPRNG bytes drawn from a pooled buffer: one randomBytes() call per id cost
// about 3 us, most of a request id's share of the delivery hot path.
const pool = Buffer.alloc(8192);
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
  | "lease" // budget lease
  | "evt" // outbox event
  | "whd" // webhook delivery
  | "wda" // delivery attempt
  | "pbf" // postback forward
  | "key"; // signing key id

/** 22 base62 characters carry 131 bits of entropy. */
export function newId(prefix: IdPrefix, length = 22): string {
  return `${prefix}_${randomBase62(length)}`;
}

export function newUuid(): string {
  return randomUUID();
}
