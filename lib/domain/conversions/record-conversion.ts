// the postback endpoints: record a conversion reported by an attribution partner. No token:
// the credential is the advertiser's postback key once it has an active one,
// before that the unguessable click_id bound to campaign_id (docs/decisions/0504).
// Guessing either is limited per client address: unknown clicks and missing or
// wrong keys count as postback misses (counted when the postback arrives and
// refunded when it succeeds, so concurrent guesses cannot pass the limit,
// decision 0911). A refused key is checked before the click is looked up and
// before anything is written, so it records, forwards and tells nothing. Exactly once
// per click (and per idempotency key) is enforced by the database's unique
// constraints, not by the checks that come first: two requests that both pass
// the checks race on the insert, and the loser answers already_recorded
// (docs/decisions/0500).
import { DAY_MS, systemClock, type Clock } from "@/lib/clock";
import { db, type Tx } from "@/lib/db/client";
import { incrementRollups, type RollupDelta } from "@/lib/domain/rollups/increment-rollups";
import { AppError, isUniqueViolation, type ErrorCode } from "@/lib/errors";
import { checkPostbackKey, notePostbackKeyUse } from "@/lib/domain/postback-keys/check-postback-key";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import {
  recordConversionInput,
  type PostbackResult,
  type RecordConversionInput,
  postbackResult,
} from "./conversions.schemas";
import { wakePostbackForwarder } from "./forward-postbacks";
import { buildPostbackUrl } from "./postback-url";

/** docs/api.md: 7 x 24 h after the click's time, inclusive. */
export const ATTRIBUTION_WINDOW_MS = 7 * DAY_MS;

/** A conversion's rollup increment: counted, with its value, in the hour it is recorded (not the click's). */
export function conversionRollup(
  click: { campaignId: string; creativeId: string; momentType: string; sport: string; region: string | null },
  recordedAtMs: number,
  valueMicros: bigint | null,
): RollupDelta {
  return {
    campaignId: click.campaignId,
    creativeId: click.creativeId,
    momentType: click.momentType,
    sport: click.sport,
    region: click.region,
    atMs: recordedAtMs,
    conversions: 1,
    conversionValueMicros: valueMicros ?? 0n,
  };
}

export type RecordConversionOptions = {
  /** the clock, epoch ms (tests inject it) */
  clock?: Clock;
};

/** The failures that count as postback misses: guessing a click id or a postback key. */
export const POSTBACK_MISSES: readonly ErrorCode[] = [
  "click_not_found",
  "postback_key_required",
  "invalid_postback_key",
];

/**
 * One use case, two names: recordConversion (POST, a JSON body) is recordConversion and recordConversionQuery (GET, a
 * query string) recordConversionQuery, as OpenAPI has always named them; both take the
 * same input and run the same service under the same limit.
 */
function recordConversionOperation(name: "recordConversion" | "recordConversionQuery") {
  return defineOperation({
    name,
    access: "public",
    write: true,
    history: { none: "a conversion is delivery data (reports, webhooks), not a change to the advertiser's settings" },
    rateLimit: { policy: "postback_miss", failures: POSTBACK_MISSES },
    input: recordConversionInput,
    output: postbackResult,
    run: (_actor, input, { clock }) => recordPostback(input, { clock }),
  });
}

/** recordConversion. */
export const recordConversion = recordConversionOperation("recordConversion");
/** recordConversionQuery. */
export const recordConversionQuery = recordConversionOperation("recordConversionQuery");

function clickNotFound(): AppError {
  return new AppError("click_not_found", { detail: "No click with this click_id belongs to this campaign_id." });
}

/** Thrown inside the transaction to roll it back when another request won the race. */
class LostRace extends Error {}

/**
 * Records the conversion of `input.click_id` for `input.campaign_id`, presented with
 * `input.postback_key` (if any). `recorded` when this call created it; `already_recorded`
 * when the click had converted or the idempotency key was used before (also when a
 * concurrent request won). Throws postback_key_required or invalid_postback_key (401),
 * click_not_found (404) or attribution_window_expired (422).
 */
export async function recordPostback(
  input: RecordConversionInput,
  options: RecordConversionOptions = {},
): Promise<PostbackResult> {
  const now = (options.clock ?? systemClock)();

  const campaign = await db().campaign.findUnique({
    where: { id: input.campaign_id },
    select: { advertiserId: true, postbackUrl: true },
  });
  if (!campaign) throw clickNotFound();
  // before the click is read: without the key, a caller learns nothing about clicks
  const key = await checkPostbackKey(campaign.advertiserId, input.postback_key ?? null);
  const result = await record(input, campaign, now);
  // the conversion is recorded: a failure to note the key's use must not turn its answer into a 500
  if (key)
    await notePostbackKeyUse(key, { clock: () => now }).catch((error: unknown) =>
      logger().warn({ err: error, postbackKeyId: key.id }, "postback key use not noted"),
    );
  return result;
}

async function record(
  input: RecordConversionInput,
  campaign: { advertiserId: string; postbackUrl: string | null },
  now: number,
): Promise<PostbackResult> {
  const client = db();
  const click = await client.click.findUnique({ where: { id: input.click_id } });
  if (!click || click.campaignId !== input.campaign_id) throw clickNotFound();

  // a repeat answers the same whatever time it is: it was recorded
  if (click.converted) return { status: "already_recorded" };
  const idempotencyKey = input.idempotency_key ?? null;
  if (idempotencyKey !== null) {
    const previous = await client.conversion.findUnique({
      where: { campaignId_idempotencyKey: { campaignId: input.campaign_id, idempotencyKey } },
      select: { id: true },
    });
    if (previous) return { status: "already_recorded" };
  }

  const clickedAtMs = Number(click.clickedAtMs);
  if (now - clickedAtMs > ATTRIBUTION_WINDOW_MS) {
    throw new AppError("attribution_window_expired", {
      detail: `The click was recorded at ${new Date(clickedAtMs).toISOString()}; conversions are accepted for 7 days (168 hours) after it.`,
    });
  }

  const valueMicros = input.event_value_usd == null ? null : usdToMicros(input.event_value_usd);
  const conversionId = newId("cnv");
  const eventName = input.event_name ?? null;
  const forwardUrl = campaign.postbackUrl
    ? buildPostbackUrl(campaign.postbackUrl, {
        click_id: click.id,
        campaign_id: click.campaignId,
        event_type: input.event_type,
        event_value_usd: valueMicros === null ? null : String(microsToUsd(valueMicros)),
      })
    : null;

  const write = async (tx: Tx) => {
    await tx.conversion.create({
      data: {
        id: conversionId,
        clickId: click.id,
        campaignId: click.campaignId,
        creativeId: click.creativeId,
        momentType: click.momentType,
        sport: click.sport,
        eventType: input.event_type,
        eventName,
        eventValueMicros: valueMicros,
        idempotencyKey,
        clickedAtMs: click.clickedAtMs,
        recordedAtMs: BigInt(now),
      },
    });
    const flipped = await tx.click.updateMany({ where: { id: click.id, converted: false }, data: { converted: true } });
    if (flipped.count !== 1) throw new LostRace();
    await tx.campaign.update({ where: { id: click.campaignId }, data: { conversions: { increment: 1 } } });
    await incrementRollups(tx, [conversionRollup(click, now, valueMicros)]);
    await enqueueEvent(tx, {
      advertiserId: campaign.advertiserId,
      type: "conversion.recorded",
      createdAtMs: now,
      data: {
        conversion_id: conversionId,
        click_id: click.id,
        campaign_id: click.campaignId,
        event_type: input.event_type,
        event_value_usd: valueMicros === null ? null : microsToUsd(valueMicros),
        event_name: eventName,
        recorded_at: new Date(now).toISOString(),
      },
    });
    if (forwardUrl !== null) {
      await tx.postbackForward.create({
        data: {
          id: newId("pbf"),
          conversionId,
          campaignId: click.campaignId,
          url: forwardUrl,
          status: "pending",
          nextAttemptMs: BigInt(now),
          createdAtMs: BigInt(now),
        },
      });
    }
  };

  try {
    await client.$transaction(write, { maxWait: 15_000, timeout: 15_000 });
  } catch (error) {
    if (error instanceof LostRace || isUniqueViolation(error)) return { status: "already_recorded" };
    throw error;
  }
  if (forwardUrl !== null) wakePostbackForwarder();
  return { status: "recorded" };
}
