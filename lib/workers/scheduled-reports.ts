// Scheduled reports (docs/decisions/0701): every minute, each scheduled report's period that
// ended last is emailed once (lib/domain/saved-reports/send-scheduled-reports.ts). Several
// instances may run it: a period's report_deliveries row is unique.
import { MINUTE_MS } from "@/lib/clock";
import {
  advertiserReportCsvFilename,
  advertiserReportToCsv,
  reportCsvFilename,
  reportToCsv,
} from "@/lib/domain/reporting/report-csv";
import { sendDueReports, type ReportCsv } from "@/lib/domain/saved-reports/send-scheduled-reports";
import { advertiserReportView, campaignReportView } from "@/lib/http/views/reporting";
import { periodicWorker } from "./registry";

/** A report's CSV, as REST's `format=csv` writes it. */
export const reportCsv: ReportCsv = (report) => {
  if ("advertiserId" in report) {
    const view = advertiserReportView(report);
    return { filename: advertiserReportCsvFilename(view), content: advertiserReportToCsv(view) };
  }
  const view = campaignReportView(report);
  return { filename: reportCsvFilename(view), content: reportToCsv(view) };
};

let pass = 0;

// every 10 s for "Send now" requests (an indexed look-up of few rows), every minute for the schedules
export const scheduledReportsWorker = periodicWorker(
  "scheduled-reports",
  { firstMs: 10_000, everyMs: 10_000 },
  async (log) => {
    const everything = pass++ % (MINUTE_MS / 10_000) === 0;
    const outcomes = await sendDueReports(Date.now(), reportCsv, { requestedOnly: !everything });
    for (const outcome of outcomes)
      if (outcome.failed.length) log.warn(outcome, "a scheduled report was not sent to everyone (retried)");
      else log.info({ reportId: outcome.reportId, period: outcome.period }, "scheduled report sent");
  },
);
