// How many moments (POST /api/delivery/moments) one platform key may have in
// flight at once in this process (docs/decisions/1430). A moment fans out to up
// to 10,000 users and holds a CPU and a transaction for its whole run; without a
// bound, one publisher's burst of moments slows every other request of the
// instance, decisions and the dashboard included. Past the bound the answer is
// 429 with Retry-After, at once: the publisher retries, nothing is queued.
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

/** Moments one platform key may run at once per instance. */
export const MOMENTS_IN_FLIGHT_PER_KEY = 2;
/** What a refused moment is told to wait: about one moment's run. */
export const MOMENT_RETRY_AFTER_SEC = 1;

const inFlight = processWide("momentsInFlight", () => new Map<string, number>());

/** Runs `fanOut` for `keyId` if the key has room, else 429 rate_limited with Retry-After. */
export async function withMomentSlot<T>(keyId: string, fanOut: () => Promise<T>): Promise<T> {
  const running = inFlight.get(keyId) ?? 0;
  if (running >= MOMENTS_IN_FLIGHT_PER_KEY) {
    throw new AppError("rate_limited", {
      detail:
        `At most ${MOMENTS_IN_FLIGHT_PER_KEY} moments per platform key run at once: ` +
        `retry after ${MOMENT_RETRY_AFTER_SEC} s.`,
      headers: { "Retry-After": String(MOMENT_RETRY_AFTER_SEC) },
    });
  }
  inFlight.set(keyId, running + 1);
  try {
    return await fanOut();
  } finally {
    const left = (inFlight.get(keyId) ?? 1) - 1;
    if (left > 0) inFlight.set(keyId, left);
    else inFlight.delete(keyId);
  }
}
