// What a campaign can do next and whether it is delivering: worked out here
// once and answered by createCampaign/getCampaign/updateCampaign, so no client (the MCP server's AdCP statuses
// and valid actions, a dashboard) restates the transitions (docs/decisions/1311).
import { MAX_VARIANTS_PER_CAMPAIGN } from "@/lib/domain/creatives/variant-label";
import { isOpenStatus, type CampaignAction, type CampaignStatus, type DeliveryStatus } from "./campaigns.schemas";

/**
 * The actions a campaign in `status` with `variants` creatives accepts (docs/decisions/0300): active ⇄ paused,
 * an open campaign can be ended, cancelled, changed and given variants (at most MAX_VARIANTS_PER_CAMPAIGN);
 * nothing changes an ended or cancelled campaign.
 */
export function availableActions(status: CampaignStatus, variants: number): CampaignAction[] {
  if (!isOpenStatus(status)) return [];
  return [
    status === "active" ? "pause" : "resume",
    "end",
    "cancel",
    "update",
    ...(variants < MAX_VARIANTS_PER_CAMPAIGN ? (["add_variant"] as const) : []),
  ];
}

/**
 * An active campaign delivers from its start date (UTC) once a creative is approved: before, it is
 * pending_creatives (no approved creative: the delivery engine has nothing to send) or pending_start;
 * it is account_limit_reached while its advertiser's balance or credit limit is used up.
 */
export function deliveryStatus(
  campaign: { status: CampaignStatus; startDate: string; approvedCreatives: number },
  today: string,
  /** the advertiser's billing account holds delivery (lib/domain/billing) */
  accountLimited: boolean,
): DeliveryStatus {
  if (campaign.status !== "active") return campaign.status;
  if (campaign.approvedCreatives === 0) return "pending_creatives";
  if (campaign.startDate > today) return "pending_start";
  return accountLimited ? "account_limit_reached" : "delivering";
}
