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

export const scheduledReportsWorker = periodicWorker(
  "scheduled-reports",
  { firstMs: 15_000, everyMs: MINUTE_MS },
  async (log) => {
    const outcomes = await sendDueReports(Date.now(), reportCsv);
    for (const outcome of outcomes)
      if (outcome.failed.length) log.warn(outcome, "a scheduled report was not sent to everyone (retried)");
      else log.info({ reportId: outcome.reportId, period: outcome.period }, "scheduled report sent");
  },
);
