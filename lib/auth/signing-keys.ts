// RS256 signing keys: generated on first use, persisted, published as a JWKS.
// Rotation: add a key (rotateSigningKey); the newest signs; a retired key stays
// in the JWKS for one token lifetime so tokens it signed keep verifying.
// Retirement at once (retireSigningKey, a leaked key): the key leaves the JWKS and
// verification immediately in this process, within PUBLIC_KEYS_TTL_MS in others.
// Verification keys are cached per process (docs/decisions/0906): the cache
// expires after PUBLIC_KEYS_TTL_MS; a reload builds a new map and swaps it in whole
// (readers never see an empty cache), one reload at a time; an unknown kid
// triggers a reload at most once per UNKNOWN_KID_RELOAD_MS, so tokens with random
// kids cannot hammer the database or disturb valid tokens.
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from "jose";
import { MINUTE_MS, nowDate, systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";

export const TOKEN_ALG = "RS256";
export const TOKEN_LIFETIME_SEC = 3600;

/** How long a process verifies with its cached public keys before reloading them. */
export const PUBLIC_KEYS_TTL_MS = MINUTE_MS;
/** At most one reload for unknown kids per this interval. */
export const UNKNOWN_KID_RELOAD_MS = 5_000;
/** How long a process trusts its cached signing key before looking for a rotation by another instance. */
const SIGNING_KEY_RECHECK_MS = MINUTE_MS;

export type SigningKeyMaterial = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

type PublicKeys = { keys: ReadonlyMap<string, CryptoKey>; loadedAtMs: number };

const cache: {
  signing?: SigningKeyMaterial;
  signingCheckedAt: number;
  /** replaced whole by a reload, never changed in place */
  publicKeys?: PublicKeys;
  /** the reload under way, shared by every caller that needs it */
  reloading?: Promise<PublicKeys>;
  /** when an unknown kid last caused a reload */
  unknownKidReloadAtMs?: number;
  /** bumped when the cached keys are forgotten: a reload begun before keeps its result to itself */
  generation: number;
} = { signingCheckedAt: 0, generation: 0 };

async function createSigningKey(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALG, { modulusLength: 2048, extractable: true });
  const kid = newId("key", 16);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALG, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOKEN_ALG };
  await db().signingKey.create({
    data: { kid, alg: TOKEN_ALG, publicJwk: JSON.stringify(publicJwk), privateJwk: JSON.stringify(privateJwk) },
  });
}

/** Keys whose tokens may still be valid: unretired, or retired less than a token lifetime ago. */
async function liveKeys(nowMs: number) {
  const cutoff = new Date(nowMs - TOKEN_LIFETIME_SEC * 1000);
  return db().signingKey.findMany({
    where: { OR: [{ retiredAt: null }, { retiredAt: { gt: cutoff } }] },
    orderBy: { createdAt: "desc" },
  });
}

/** The key that signs new tokens, created on first use. */
export async function currentSigningKey(options: { clock?: Clock } = {}): Promise<SigningKeyMaterial> {
  const nowMs = (options.clock ?? systemClock)();
  if (cache.signing && nowMs - cache.signingCheckedAt < SIGNING_KEY_RECHECK_MS) return cache.signing;
  cache.signingCheckedAt = nowMs;
  let row = await db().signingKey.findFirst({ where: { retiredAt: null }, orderBy: { createdAt: "desc" } });
  if (!row) {
    await createSigningKey();
    // If another process raced us, both keys are valid; everyone signs with the newest.
    row = await db().signingKey.findFirst({ where: { retiredAt: null }, orderBy: { createdAt: "desc" } });
  }
  if (!row) throw new Error("no signing key could be created");
  if (cache.signing?.kid === row.kid) return cache.signing;
  const privateJwk = JSON.parse(row.privateJwk) as JWK;
  cache.signing = {
    kid: row.kid,
    privateKey: (await importJWK(privateJwk, TOKEN_ALG)) as CryptoKey,
    publicJwk: JSON.parse(row.publicJwk) as JWK,
  };
  return cache.signing;
}

/** Loads the live public keys into a new map and swaps it in; concurrent callers share one load. */
function reloadPublicKeys(nowMs: number): Promise<PublicKeys> {
  cache.reloading ??= (async () => {
    const generation = cache.generation;
    try {
      const keys = new Map<string, CryptoKey>();
      for (const row of await liveKeys(nowMs)) {
        keys.set(row.kid, (await importJWK(JSON.parse(row.publicJwk) as JWK, TOKEN_ALG)) as CryptoKey);
      }
      const loaded = { keys, loadedAtMs: nowMs };
      // a retirement or rotation during the load forgot the keys: a key it retired may be in this map
      if (generation === cache.generation) cache.publicKeys = loaded;
      return loaded;
    } finally {
      cache.reloading = undefined;
    }
  })();
  return cache.reloading;
}

/**
 * The public key for a kid. The cached keys serve until PUBLIC_KEYS_TTL_MS old; an
 * unknown kid reloads them (another instance may have rotated) at most once per
 * UNKNOWN_KID_RELOAD_MS.
 */
export async function publicKeyFor(kid: string, options: { clock?: Clock } = {}): Promise<CryptoKey | undefined> {
  const nowMs = (options.clock ?? systemClock)();
  const cached = cache.publicKeys;
  if (!cached || nowMs - cached.loadedAtMs >= PUBLIC_KEYS_TTL_MS || nowMs < cached.loadedAtMs) {
    return (await reloadPublicKeys(nowMs)).keys.get(kid);
  }
  const known = cached.keys.get(kid);
  if (known) return known;
  if (cache.reloading) return (await cache.reloading).keys.get(kid);
  const last = cache.unknownKidReloadAtMs;
  if (last !== undefined && nowMs - last < UNKNOWN_KID_RELOAD_MS && nowMs >= last) return undefined;
  cache.unknownKidReloadAtMs = nowMs;
  return (await reloadPublicKeys(nowMs)).keys.get(kid);
}

/** The JWKS document: public halves only. */
export async function jwks(options: { clock?: Clock } = {}): Promise<{ keys: JWK[] }> {
  await currentSigningKey(options);
  const rows = await liveKeys((options.clock ?? systemClock)());
  return { keys: rows.map((row) => JSON.parse(row.publicJwk) as JWK) };
}

function forgetCachedKeys(): void {
  cache.generation++;
  cache.reloading = undefined;
  cache.signingCheckedAt = 0;
  cache.publicKeys = undefined;
  cache.unknownKidReloadAtMs = undefined;
}

/** Adds a new signing key and retires the previous ones (they stay published for one token lifetime). */
export async function rotateSigningKey(options: { clock?: Clock } = {}): Promise<string> {
  await db().signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: nowDate(options.clock) } });
  await createSigningKey();
  forgetCachedKeys();
  return (await currentSigningKey(options)).kid;
}

/**
 * Retires a key at once (a leaked key): it leaves the JWKS and stops verifying now,
 * rather than after a token lifetime. Its retiredAt is set one token lifetime in the
 * past, which is what "no token it signed is valid any more" means to liveKeys. If
 * it was the signing key, a new one is created. Other processes drop it within
 * PUBLIC_KEYS_TTL_MS (and stop signing with it within a minute).
 */
export async function retireSigningKey(
  kid: string,
  options: { clock?: Clock } = {},
): Promise<{ retired: string; signingKid: string }> {
  const nowMs = (options.clock ?? systemClock)();
  const retiredAt = new Date(nowMs - TOKEN_LIFETIME_SEC * 1000 - 1000);
  const { count } = await db().signingKey.updateMany({
    where: { kid, OR: [{ retiredAt: null }, { retiredAt: { gt: retiredAt } }] },
    data: { retiredAt },
  });
  if (count === 0 && !(await db().signingKey.findUnique({ where: { kid }, select: { kid: true } }))) {
    throw new AppError("not_found", { detail: `No signing key ${kid}.` });
  }
  forgetCachedKeys();
  if (cache.signing?.kid === kid) cache.signing = undefined;
  return { retired: kid, signingKid: (await currentSigningKey(options)).kid };
}
