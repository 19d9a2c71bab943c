// Month close (docs/operators.md, "Billing"): a minute after start and then every 10 minutes,
// every closed UTC month not yet marked gets its invoices and statements. Several instances may
// run it: issuing skips what another issued (lib/domain/billing/invoices.ts).
import { MINUTE_MS } from "@/lib/clock";
import { issueInvoices, monthsToClose } from "@/lib/domain/billing/invoices";
import { periodicWorker } from "./registry";

export async function closeMonths(nowMs: number): Promise<{ month: string; issued: number }[]> {
  const closed: { month: string; issued: number }[] = [];
  for (const month of await monthsToClose(nowMs)) {
    const { issued } = await issueInvoices({ month }, { nowMs });
    closed.push({ month, issued: issued.length });
  }
  return closed;
}

export const billingWorker = periodicWorker("billing", { firstMs: MINUTE_MS, everyMs: 10 * MINUTE_MS }, async (log) => {
  for (const { month, issued } of await closeMonths(Date.now())) log.info({ month, issued }, "month closed");
});
