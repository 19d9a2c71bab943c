// How a campaign is changed under concurrency (docs/decisions/0300): read the
// row, decide, and write conditionally on the version and status that were
// read, in one transaction with the change's events. When the row moved
// underneath (the delivery engine, another request), decide again on the fresh
// row; after ATTEMPTS tries, 409 conflict. The version bump tells delivery to
// reload the campaign at once.
import { nowDate, type Clock } from "@/lib/clock";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { emitCampaignsChanged } from "@/lib/process-events";
import type { CampaignRow, CampaignWithCreatives } from "./campaign";
import { loadCampaignDetail } from "./get-campaign";

const ATTEMPTS = 3;

/** One decision on the row as read: nothing to write, or a conditional write (false: the row moved). */
export type CampaignChangePlan = { row: CampaignRow; write?: (tx: Tx) => Promise<boolean> };

/** Runs `plan` (at the clock's instant) until its write lands or nothing is left to write; the campaign after it. */
export async function retryCampaignChange(
  id: string,
  clock: Clock | undefined,
  plan: (now: Date) => Promise<CampaignChangePlan>,
): Promise<CampaignWithCreatives> {
  for (let attempt = 1; ; attempt++) {
    const { row, write } = await plan(nowDate(clock));
    if (!write) return loadCampaignDetail(row, { clock });
    const updated = await db().$transaction(async (tx) =>
      (await write(tx)) ? tx.campaign.findFirstOrThrow({ where: { id } }) : null,
    );
    if (updated) {
      emitCampaignsChanged([id]);
      return loadCampaignDetail(updated, { clock });
    }
    if (attempt >= ATTEMPTS)
      throw new AppError("conflict", { detail: "The campaign was changed by a concurrent request; retry." });
  }
}
