// The postback key rule (docs/decisions/0504): while an advertiser has no
// active key, a postback for its campaigns needs none (the unguessable click id
// bound to its campaign is the credential); once it has one, every postback
// must carry an active key of that advertiser. Keys are compared by their
// SHA-256 in constant time (lib/auth/secrets.ts).
import { secretMatches } from "@/lib/auth/secrets";
import { MINUTE_MS, systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** last_used_at is written at most this often per key: a busy partner's postbacks do not each write the key's row. */
export const LAST_USED_WRITE_INTERVAL_MS = MINUTE_MS;

/** Refused postbacks carry a challenge naming where the key goes, as a 401 must (RFC 9110 §15.5.2). */
const CHALLENGE = { "WWW-Authenticate": 'PostbackKey realm="sma", param="postback_key", header="X-Postback-Key"' };

/** The key a postback was accepted with, for noting its use once the postback succeeds. */
export type AcceptedPostbackKey = { id: string; lastUsedAt: Date | null };

/**
 * Checks `presented` (null: none) against the advertiser's active keys. Answers
 * the matching key, or null when the advertiser has none (no key needed);
 * throws postback_key_required or invalid_postback_key (401) otherwise.
 */
export async function checkPostbackKey(
  advertiserId: string,
  presented: string | null,
): Promise<AcceptedPostbackKey | null> {
  const keys = await db().postbackKey.findMany({
    where: { advertiserId, revokedAt: null },
    select: { id: true, keyHash: true, lastUsedAt: true },
  });
  if (keys.length === 0) return null;
  if (presented === null) {
    throw new AppError("postback_key_required", {
      detail:
        "The advertiser of this campaign requires a postback key: send it as the postback_key query parameter " +
        "(E17: or the X-Postback-Key header).",
      headers: CHALLENGE,
    });
  }
  const match = keys.find((key) => secretMatches(presented, key.keyHash));
  if (!match) {
    throw new AppError("invalid_postback_key", {
      detail: "The postback key is not an active key of this campaign's advertiser (unknown, revoked or another's).",
      headers: CHALLENGE,
    });
  }
  return { id: match.id, lastUsedAt: match.lastUsedAt };
}

/**
 * Notes that a postback carrying `key` succeeded: last_used_at becomes now, at
 * most once per LAST_USED_WRITE_INTERVAL_MS (the condition also holds between
 * concurrent postbacks, so they write it once).
 */
export async function notePostbackKeyUse(key: AcceptedPostbackKey, options: { clock?: Clock } = {}): Promise<void> {
  const now = (options.clock ?? systemClock)();
  const staleBefore = new Date(now - LAST_USED_WRITE_INTERVAL_MS);
  if (key.lastUsedAt !== null && key.lastUsedAt > staleBefore) return;
  await db().postbackKey.updateMany({
    where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: staleBefore } }] },
    data: { lastUsedAt: new Date(now) },
  });
}
