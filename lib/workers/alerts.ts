// The notification centre's worker (docs/decisions/1428): every few seconds it derives the
// alerts of the rows changed since its previous pass (lib/domain/alerts/derive-alerts.ts) and
// sends the alerts members chose to get by email. Several instances may run it: inserts are
// unique per member and source, email claims are conditional updates.
import { deriveAlerts } from "@/lib/domain/alerts/derive-alerts";
import { sendAlertEmails } from "@/lib/domain/alerts/send-alert-emails";
import type { Worker } from "./registry";

export const ALERTS_POLL_MS = 5_000;

export const alertsWorker: Worker = {
  name: "alerts",
  start: ({ log, signal }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const run = () => {
      if (signal.aborted) return;
      running = (async () => {
        try {
          const created = await deriveAlerts(Date.now());
          if (created) log.debug({ created }, "alerts created");
          const emails = await sendAlertEmails(Date.now());
          if (emails.failed) log.warn(emails, "some alert emails failed (retried)");
        } catch (error) {
          log.error({ err: error }, "deriving or sending alerts failed");
        } finally {
          running = undefined;
          if (!signal.aborted) timer = setTimeout(run, ALERTS_POLL_MS);
        }
      })();
    };
    timer = setTimeout(run, ALERTS_POLL_MS);
    return async () => {
      clearTimeout(timer);
      await running;
    };
  },
};
