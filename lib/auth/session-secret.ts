// The key of dashboard sessions (next-auth's JWT): SESSION_SECRET when set,
// otherwise a random key generated once and kept in the database (app_secrets),
// so `npm start` needs no setup and every instance sharing the database signs
// and reads the same cookies (docs/decisions/1200). The stored key is read again
// at most once a minute, so a rotation (`npm run admin -- rotate-session-secret`,
// everyone signed out of the dashboard) reaches every instance within
// SESSION_SECRET_TTL_MS and the rotating process at once (docs/decisions/1420).
import { randomBytes } from "node:crypto";
import { MINUTE_MS, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, isUniqueViolation } from "@/lib/errors";
import { ttlMemo } from "@/lib/ttl-memo";

const NAME = "session_secret";

/** How long a process uses the stored key before reading it again (a rotation elsewhere is seen within this). */
export const SESSION_SECRET_TTL_MS = MINUTE_MS;

function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

async function storedSecret(): Promise<string> {
  const existing = await db().appSecret.findUnique({ where: { name: NAME } });
  if (existing) return existing.value;
  const value = newSecret();
  try {
    await db().appSecret.create({ data: { name: NAME, value } });
    return value;
  } catch (error) {
    // another instance created it first: use theirs
    if (!isUniqueViolation(error)) throw error;
    const winner = await db().appSecret.findUniqueOrThrow({ where: { name: NAME } });
    return winner.value;
  }
}

const stored = ttlMemo(SESSION_SECRET_TTL_MS, storedSecret);

export function sessionSecret(clock?: Clock): Promise<string> {
  const configured = env().SESSION_SECRET;
  if (configured) return Promise.resolve(configured);
  return stored.get(clock);
}

/**
 * Replaces the stored key with a new random one: every dashboard session (and
 * device cookie) made with the old key stops being read, here at once and on
 * other instances within SESSION_SECRET_TTL_MS. Refused when SESSION_SECRET is
 * set (the key is the environment's: change it there and restart).
 */
export async function rotateSessionSecret(): Promise<void> {
  if (env().SESSION_SECRET)
    throw new AppError("conflict", {
      detail: "SESSION_SECRET is set: the session key comes from the environment; change it there on every instance.",
    });
  const value = newSecret();
  await db().appSecret.upsert({ where: { name: NAME }, create: { name: NAME, value }, update: { value } });
  stored.clear();
}
