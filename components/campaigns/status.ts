import type { CampaignStatus, CreativeStatus, DeliveryStatus } from "@/graphql/__generated__/client/graphql";
import { variantName } from "@/components/reports/chart-data";
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

/** What the automatic review made of the variant just added. */
export type AddedVariant = { label: string; status: CreativeStatus; reason: string | null };

/** The review's outcome in words: approved variants get traffic, rejected ones none (with why). */
export function addedMessage(added: AddedVariant): string {
  const name = variantName(added.label);
  if (added.status === "REJECTED")
    return `${name} was rejected by the automatic review and gets no traffic${added.reason ? `: ${added.reason}` : "."}`;
  if (added.status === "PENDING") return `${name} was added and waits for review.`;
  return `${name} was added and approved: traffic is split equally across the approved variants.`;
}

/** A variant's review: a paused variant was approved (only approved ones are paused, and resumed unchanged). */
export function reviewOf(status: CreativeStatus): Exclude<CreativeStatus, "PAUSED"> {
  return status === "PAUSED" ? "APPROVED" : status;
}
