// Revoking an advertiser's row (a pending invitation, a postback key) and the
// history entry that says so, in one transaction. Only a row that is still
// unrevoked changes: a repeat, or a row another advertiser owns, writes nothing
// and records nothing, so a repeat keeps the first revocation's time.
import type { Actor } from "@/lib/auth/actor";
import { db, type Tx } from "@/lib/db/client";
import { changeActorOf } from "./change-actor";
import { fieldChanges, recordChange, type TargetType } from "./changes";

export async function recordRevocation(
  actor: Actor,
  now: Date,
  change: { operation: string; target: { type: TargetType; id: string } },
  /** sets revokedAt = now where the row is the actor's advertiser's and not revoked yet */
  revoke: (tx: Tx) => Promise<{ count: number }>,
): Promise<void> {
  // read before the transaction opens: a name is a label, not part of what commits
  const by = await changeActorOf(actor);
  await db().$transaction(async (tx) => {
    const { count } = await revoke(tx);
    if (count === 0) return;
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: change.operation,
      target: change.target,
      fields: fieldChanges({ revoked_at: null }, { revoked_at: now.toISOString() }),
    });
  });
}
