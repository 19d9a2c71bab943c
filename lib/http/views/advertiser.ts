// GET /api/ads/advertiser's view: snake_case, instants as ISO 8601 text.
import type { Advertiser } from "@/lib/domain/advertisers/get-advertiser";
import type { AdvertiserView } from "@/lib/domain/advertisers/advertisers.schemas";

export function advertiserView(advertiser: Advertiser): AdvertiserView {
  return {
    id: advertiser.id,
    name: advertiser.name,
    email: advertiser.email,
    category: advertiser.category,
    licensed_regions: advertiser.licensedRegions,
    created_at: advertiser.createdAt.toISOString(),
  };
}
