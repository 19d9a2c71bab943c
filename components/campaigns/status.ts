import type { CampaignStatus, DeliveryStatus } from "@/graphql/__generated__/client/graphql";
import { isOpenStatus, type CampaignStatus as DomainStatus } from "@/lib/domain/campaigns/campaigns.schemas";
import type { BadgeTone } from "@/components/ui/badge";

/** The domain's rule (isOpenStatus) for GraphQL's status: actions, edits and new variants only while it holds. */
export function canChange(status: CampaignStatus): boolean {
  return isOpenStatus(status.toLowerCase() as DomainStatus);
}

export function statusTone(status: string): BadgeTone {
  switch (status) {
    case "ACTIVE":
    case "APPROVED":
      return "ok";
    case "PAUSED":
    case "PENDING":
      return "warn";
    case "CANCELLED":
    case "REJECTED":
      return "danger";
    default:
      return "neutral";
  }
}

export function statusLabel(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase();
}

/** Why an active campaign is not delivering, in the advertiser's words (the API's deliveryStatus). */
export function deliveryLabel(status: DeliveryStatus): string {
  switch (status) {
    case "DELIVERING":
      return "Delivering";
    case "PENDING_CREATIVES":
      return "Not delivering: no approved creative";
    case "PENDING_START":
      return "Not delivering yet: starts later";
    default:
      return statusLabel(status);
  }
}
