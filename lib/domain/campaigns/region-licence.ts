// A gambling advertiser's campaigns may target only regions within its licensed regions
// (docs/api.md, "Jurisdictions"): E5, E7 and a duplicate refuse any other with 422
// region_not_licensed. Delivery refuses them anyway (lib/delivery/rules/audience.ts); this
// tells the advertiser at once instead of leaving a campaign that can never serve there.
import { db, type Db, type Tx } from "@/lib/db/client";
import { regionsOf } from "@/lib/domain/campaigns/campaign";
import { liesIn } from "@/lib/domain/regions/regions";
import { AppError, type FieldError } from "@/lib/errors";

/** Throws region_not_licensed when a gambling advertiser's `targetRegions` name a region outside its licence. */
export async function assertRegionsLicensed(
  advertiserId: string,
  targetRegions: readonly string[] | null | undefined,
  client: Db | Tx = db(),
): Promise<void> {
  if (!targetRegions) return;
  const advertiser = await client.advertiser.findUnique({
    where: { id: advertiserId },
    select: { category: true, licensedRegions: true },
  });
  if (advertiser?.category !== "gambling") return;
  const licensed = new Set(regionsOf(advertiser.licensedRegions) ?? []);
  const errors: FieldError[] = targetRegions.flatMap((code, index) =>
    liesIn(code, licensed)
      ? []
      : [{ path: `target_regions[${index}]`, message: `${code} is not within your licensed regions` }],
  );
  if (errors.length === 0) return;
  const listed = licensed.size ? [...licensed].sort().join(", ") : "none";
  throw new AppError("region_not_licensed", {
    detail: `A gambling advertiser may target only its licensed regions (${listed}); not licensed: ${errors
      .map((error) => error.message.split(" ")[0])
      .join(", ")}.`,
    fieldErrors: errors,
  });
}
