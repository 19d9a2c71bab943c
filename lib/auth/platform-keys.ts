// Keys for publisher platforms calling POST /api/delivery/decisions.
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { hashSecret, newSecret } from "./secrets";

/** `sandbox`: the demo simulator's key, whose decisions consider only sandbox advertisers' campaigns. */
export async function createPlatformKey(
  name: string,
  options: { sandbox?: boolean } = {},
): Promise<{ id: string; key: string }> {
  if (!name.trim()) throw new AppError("validation_failed", { fieldErrors: [{ path: "name", message: "required" }] });
  const key = newSecret("pk");
  const id = newId("pk");
  await db().platformKey.create({
    data: {
      id,
      name: name.trim(),
      prefix: key.slice(0, 10),
      keyHash: hashSecret(key),
      sandbox: options.sandbox ?? false,
    },
  });
  return { id, key };
}

/** The platform key record for a presented key, or null (revoked or unknown). */
export async function findPlatformKey(key: string): Promise<{ id: string; name: string; sandbox: boolean } | null> {
  const row = await db().platformKey.findUnique({ where: { keyHash: hashSecret(key) } });
  return row && !row.revokedAt ? { id: row.id, name: row.name, sandbox: row.sandbox } : null;
}

/**
 * The operator's revocation (npm run admin -- revoke-platform-key): decisions with the key are
 * refused once the delivery path's cache of the key expires (30 s, lib/delivery/platform-auth.ts),
 * at once in a process that has not seen it. Revoking again answers the first revocation's time;
 * an unknown id is not_found.
 */
export async function revokePlatformKey(
  id: string,
  options: { clock?: Clock } = {},
): Promise<{ id: string; revokedAt: Date }> {
  await db().platformKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: nowDate(options.clock) } });
  const row = await db().platformKey.findUnique({ where: { id }, select: { revokedAt: true } });
  if (!row?.revokedAt) throw new AppError("not_found", { detail: `No platform key ${id}.` });
  return { id, revokedAt: row.revokedAt };
}
