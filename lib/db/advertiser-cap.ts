// Caps on what one advertiser may hold (active API clients, webhook endpoints, postback keys):
// counted and created in one transaction that first takes the advertiser's row as its lock, so
// concurrent creations count one after another (PostgreSQL holds the updated row until commit;
// SQLite's writers are serialized from BEGIN) and the cap cannot be overrun by a race.
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export type AdvertiserCap = {
  /** how many the advertiser holds now, read inside the transaction */
  count: (tx: Tx) => Promise<number>;
  max: number;
  /** the 409's detail when the cap is reached */
  refusal: string;
};

/** Locks the advertiser's row, then refuses with a 409 when `cap` is reached (404 for no such advertiser). */
export async function checkAdvertiserCap(tx: Tx, advertiserId: string, now: Date, cap: AdvertiserCap): Promise<void> {
  const locked = await tx.advertiser.updateMany({ where: { id: advertiserId }, data: { updatedAt: now } });
  if (locked.count === 0) throw new AppError("not_found", { detail: `advertiser ${advertiserId} not found` });
  if ((await cap.count(tx)) >= cap.max) throw new AppError("conflict", { detail: cap.refusal });
}
