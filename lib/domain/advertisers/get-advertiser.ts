// The caller's own advertiser (the GraphQL viewer).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export type AdvertiserView = { id: string; name: string; email: string; created_at: string };

export async function getAdvertiser(actor: Actor): Promise<AdvertiserView> {
  const row = await db().advertiser.findUnique({ where: { id: actor.advertiserId } });
  if (!row) throw new AppError("not_found", { detail: "The advertiser of this credential no longer exists." });
  return { id: row.id, name: row.name, email: row.email, created_at: row.createdAt.toISOString() };
}
