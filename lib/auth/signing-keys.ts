// RS256 signing keys: generated on first use, persisted, published as a JWKS.
// Rotation: add a key (rotateSigningKey); the newest signs; a retired key stays
// in the JWKS for one token lifetime so tokens it signed keep verifying.
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from "jose";
import { nowDate, systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export const TOKEN_ALG = "RS256";
export const TOKEN_LIFETIME_SEC = 3600;

export type SigningKeyMaterial = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

type Cache = {
  signing?: SigningKeyMaterial;
  signingCheckedAt: number;
  publicKeys: Map<string, CryptoKey>;
  loadedAt: number;
};
const cache: Cache = { signingCheckedAt: 0, publicKeys: new Map(), loadedAt: 0 };
/** How long a process trusts its cached signing key before looking for a rotation by another instance. */
const SIGNING_KEY_RECHECK_MS = 60_000;

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

/** Public key for a kid, reloading from the database once when the kid is unknown (another instance rotated). */
export async function publicKeyFor(kid: string, options: { clock?: Clock } = {}): Promise<CryptoKey | undefined> {
  const known = cache.publicKeys.get(kid);
  if (known) return known;
  const nowMs = (options.clock ?? systemClock)();
  if (nowMs - cache.loadedAt < 1000 && cache.loadedAt !== 0) return undefined;
  cache.loadedAt = nowMs;
  cache.publicKeys.clear();
  for (const row of await liveKeys(nowMs)) {
    cache.publicKeys.set(row.kid, (await importJWK(JSON.parse(row.publicJwk) as JWK, TOKEN_ALG)) as CryptoKey);
  }
  return cache.publicKeys.get(kid);
}

/** The JWKS document: public halves only. */
export async function jwks(options: { clock?: Clock } = {}): Promise<{ keys: JWK[] }> {
  await currentSigningKey(options);
  const rows = await liveKeys((options.clock ?? systemClock)());
  return { keys: rows.map((row) => JSON.parse(row.publicJwk) as JWK) };
}

/** Adds a new signing key and retires the previous ones (they stay published for one token lifetime). */
export async function rotateSigningKey(options: { clock?: Clock } = {}): Promise<string> {
  await db().signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: nowDate(options.clock) } });
  await createSigningKey();
  cache.signingCheckedAt = 0;
  cache.loadedAt = 0;
  return (await currentSigningKey(options)).kid;
}
