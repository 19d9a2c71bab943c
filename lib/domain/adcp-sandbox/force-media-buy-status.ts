// AdCP's force_media_buy_status for a sandbox advertiser (docs/decisions/1316): the media buy (one campaign,
// decision 1303) moves through the campaign's own transitions (updateCampaign's pause, resume and end,
// cancelCampaign), with their history rows and webhook events; nothing is set behind the domain's back. States are
// answered in AdCP's names, as get_media_buys reports them.
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import type { CampaignWithCreatives } from "@/lib/domain/campaigns/campaign";
import type { DeliveryStatus } from "@/lib/domain/campaigns/campaigns.schemas";
import { campaignCancelled } from "@/lib/domain/campaigns/cancel-campaign";
import { getCampaignOrThrow, loadCampaignDetail } from "@/lib/domain/campaigns/get-campaign";
import { campaignUpdated } from "@/lib/domain/campaigns/update-campaign";
import { AppError } from "@/lib/errors";
import {
  ADCP_MEDIA_BUY_STATUSES,
  type AdcpMediaBuyStatus,
  FORCED_MEDIA_BUY_STATUSES,
  type TestControllerResult,
} from "./sandbox-products.schemas";

/** AdCP's media-buy status of a campaign's delivery status: the MCP package's mapping (mcp/src/adcp/media-buys.ts). */
export const ADCP_STATUS_OF: Record<DeliveryStatus, AdcpMediaBuyStatus> = {
  delivering: "active",
  pending_creatives: "pending_creatives",
  pending_start: "pending_start",
  account_limit_reached: "paused",
  paused: "paused",
  ended: "completed",
  cancelled: "canceled",
};

const REASON = "AdCP compliance test controller: force_media_buy_status";

type Forced = (typeof FORCED_MEDIA_BUY_STATUSES)[number];

function isForced(status: string): status is Forced {
  return (FORCED_MEDIA_BUY_STATUSES as readonly string[]).includes(status);
}

export async function forceMediaBuyStatus(
  actor: Actor,
  params: { media_buy_id: string; status: string },
  options: { clock?: Clock } = {},
): Promise<TestControllerResult> {
  const { media_buy_id: id, status } = params;
  if (!(ADCP_MEDIA_BUY_STATUSES as readonly string[]).includes(status))
    throw new AppError("validation_failed", {
      detail: `params.status must be one of AdCP's media-buy statuses: ${ADCP_MEDIA_BUY_STATUSES.join(", ")}.`,
      fieldErrors: [{ path: "params.status", message: `must be one of ${ADCP_MEDIA_BUY_STATUSES.join(", ")}` }],
    });
  const before = await loadCampaignDetail(await getCampaignOrThrow(actor, id), options);
  const previous = ADCP_STATUS_OF[before.deliveryStatus];
  if (!isForced(status))
    throw new AppError("invalid_transition", {
      detail:
        `A media buy here is never forced to ${status}: pending_creatives and pending_start follow from its ` +
        "creatives and start date, and a buy is never rejected once made (its creatives are). It is " +
        `${previous}.`,
    });
  const terminal = before.status === "ended" || before.status === "cancelled";
  if (terminal && status !== previous)
    throw new AppError("invalid_transition", {
      detail: `The media buy is ${previous}, a final state: it cannot become ${status}.`,
    });
  let after: CampaignWithCreatives;
  if (status === "canceled") after = await campaignCancelled(actor, id, options);
  else {
    const to = status === "completed" ? "ended" : status;
    after = await campaignUpdated(actor, { id, status: to }, { clock: options.clock, reason: REASON });
  }
  const current = ADCP_STATUS_OF[after.deliveryStatus];
  return {
    success: true,
    previous_state: previous,
    current_state: current,
    message: `Media buy ${id} moved from ${previous} to ${current}.`,
  };
}
