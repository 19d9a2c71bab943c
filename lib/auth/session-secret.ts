// The key of dashboard sessions (next-auth's JWT): SESSION_SECRET when set,
// otherwise a random key generated once and kept in the database (app_secrets),
// so `npm start` needs no setup and every instance sharing the database signs
// and reads the same cookies (docs/decisions/1200).
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { isUniqueViolation } from "@/lib/errors";

const NAME = "session_secret";

let cached: Promise<string> | undefined;

async function storedSecret(): Promise<string> {
  const existing = await db().appSecret.findUnique({ where: { name: NAME } });
  if (existing) return existing.value;
  const value = randomBytes(32).toString("base64url");
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

export function sessionSecret(): Promise<string> {
  const configured = env().SESSION_SECRET;
  if (configured) return Promise.resolve(configured);
  cached ??= storedSecret().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
