// The caller's own advertiser (the GraphQL viewer's): its name for anyone acting
// for it, its account email for a caller that may read campaigns (the account's
// details, as the API clients and webhook endpoints).
import { advertiserResource } from "./advertisers.schemas";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import type { AdvertiserCategory } from "@/lib/domain/regions/regions.schemas";
import { jurisdictionOf } from "./set-jurisdiction";

export type Advertiser = {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  /** set by the operator (docs/api.md, "Jurisdictions"); read-only to the advertiser */
  category: AdvertiserCategory;
  /** a gambling advertiser's licensed regions; null: none */
  licensedRegions: string[] | null;
};

/** The advertiser a credential acts for (GraphQL's viewer). */
export const getViewer = defineOperation({
  name: "getViewer",
  access: "authenticated",
  write: false,
  input: z.strictObject({}),
  run: async (actor) => ({ actor }),
});

/** The advertiser's account details, its email included (read through the request's loaders). */
export const getAdvertiser = defineOperation({
  name: "getAdvertiser",
  access: "campaigns:read",
  write: false,
  input: z.strictObject({}),
  output: advertiserResource,
  run: (actor) => advertiserOf(actor),
});

export async function advertiserOf(actor: Actor): Promise<Advertiser> {
  const row = await db().advertiser.findUnique({ where: { id: actor.advertiserId } });
  if (!row) throw new AppError("not_found", { detail: "The advertiser of this credential no longer exists." });
  const { category, licensedRegions } = jurisdictionOf(row);
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt, category, licensedRegions };
}
