// Sends recorded conversions on to campaigns' postback_url (docs/api.md): polls the
// postback_forwards table every second, and at once when a conversion with a
// forward commits in this process. Several instances may run it (claims are
// conditional updates, lib/domain/conversions/forward-postbacks.ts).
import { forwardDuePostbacks, onPostbackForwardWake } from "@/lib/domain/conversions/forward-postbacks";
import type { Worker } from "./registry";

export const POSTBACK_POLL_MS = 1_000;

export const postbackForwarder: Worker = {
  name: "postback-forwarder",
  start: ({ log, signal }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let again = false;

    const run = () => {
      if (signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      clearTimeout(timer);
      running = (async () => {
        try {
          do {
            again = false;
            const outcomes = await forwardDuePostbacks();
            for (const outcome of outcomes) {
              if (outcome.outcome === "succeeded") log.debug(outcome, "postback forwarded");
              else
                log.warn(
                  outcome,
                  outcome.outcome === "failed" ? "postback forward gave up" : "postback forward will be retried",
                );
            }
            // a full batch means more may be due
            if (outcomes.length >= 50) again = true;
          } while (again && !signal.aborted);
        } catch (error) {
          log.error({ err: error }, "postback forwarding failed");
        } finally {
          running = undefined;
          if (!signal.aborted) timer = setTimeout(run, POSTBACK_POLL_MS);
        }
      })();
    };

    const unsubscribe = onPostbackForwardWake(run);
    timer = setTimeout(run, 0);
    return async () => {
      unsubscribe();
      clearTimeout(timer);
      await running;
    };
  },
};
