// The worker's pass over scheduled reports (docs/decisions/0701). For each scheduled report, the
// period that ended last in its zone (a day, an ISO week, a month) is sent once: a
// report_deliveries row, unique per report and period, claims it (a second worker finds it and
// moves on); the report of that period (E9, or the all-campaigns report) is computed in the
// schedule's zone and emailed as CSV, with the link that opens it, to each recipient who is still
// a member; the row then records who got it, and the history says so (the report scheduler as
// the actor). A send that failed is tried again, for the recipients not yet served, a few
// minutes later, at most MAX_ATTEMPTS times in all. Periods that ended before the schedule was
// set are never sent.
import type { Actor } from "@/lib/auth/actor";
import { MINUTE_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { advertiserReport } from "@/lib/domain/reporting/get-advertiser-report";
import { campaignReport } from "@/lib/domain/reporting/get-campaign-report";
import type {
  AdvertiserBreakdown,
  AdvertiserReport,
  Breakdown,
  CampaignReport,
} from "@/lib/domain/reporting/reporting.schemas";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { scheduledReportEmail } from "@/lib/email/messages";
import { env } from "@/lib/env";
import { isUniqueViolation } from "@/lib/errors";
import { recordChange, type ChangeActor } from "@/lib/history/changes";
import { sortableId } from "@/lib/ids";
import { lastEndedPeriod, type ReportPeriod } from "./report-periods";
import { reportPath, savedReportOf } from "./save-report";
import type { ReportSchedule, SavedReport } from "./saved-reports.schemas";

export const REPORT_SCHEDULER: ChangeActor = { type: "system", id: "report_scheduler", name: "Report scheduler" };
export const SEND_SCHEDULED_REPORT_OPERATION = "sendScheduledReport";
const MAX_ATTEMPTS = 3;
const RETRY_AFTER_MS = 5 * MINUTE_MS;

/**
 * The CSV of a report: the domain's report (E9's, or the all-campaigns report) rendered through
 * the REST view the CSV is written from. The worker passes it (lib/http's views are a transport's).
 */
export type ReportCsv = (report: CampaignReport | AdvertiserReport) => { filename: string; content: string };

/** The report of `period`, read for the advertiser (the schedule's zone, the saved breakdown). */
async function periodReport(advertiserId: string, report: SavedReport, period: ReportPeriod) {
  const actor: Actor = { advertiserId, scopes: new Set(["reporting:read"]), via: "token" };
  const dates = { start_date: period.startDate, end_date: period.endDate, timezone: report.timeZone };
  if (report.state.campaignId === null)
    return advertiserReport(actor, {
      ...dates,
      ...(report.state.breakdown && { breakdown: report.state.breakdown as AdvertiserBreakdown }),
    });
  return campaignReport(actor, {
    id: report.state.campaignId,
    ...dates,
    ...(report.state.breakdown && { breakdown: report.state.breakdown as Breakdown }),
  });
}

/** Claims the period: a new row, or a failed one due for another attempt. Null: another worker has it (or it is done). */
async function claim(reportId: string, advertiserId: string, periodKey: string, nowMs: number) {
  try {
    return await db().reportDelivery.create({
      data: {
        id: sortableId("rpd", nowMs),
        reportId,
        advertiserId,
        periodKey,
        status: "sending",
        recipients: "[]",
        attempts: 1,
        claimedAt: new Date(nowMs),
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const retried = await db().reportDelivery.updateMany({
    where: {
      reportId,
      periodKey,
      status: "failed",
      attempts: { lt: MAX_ATTEMPTS },
      claimedAt: { lte: new Date(nowMs - RETRY_AFTER_MS) },
    },
    data: { status: "sending", attempts: { increment: 1 }, claimedAt: new Date(nowMs) },
  });
  if (retried.count === 0) return null;
  return db().reportDelivery.findUniqueOrThrow({ where: { reportId_periodKey: { reportId, periodKey } } });
}

export type SendOutcome = { reportId: string; period: string; sentTo: string[]; failed: string[] };

/** Sends the period that ended last of one scheduled report, if it is due and not sent yet. */
export async function sendScheduledReport(
  reportId: string,
  nowMs: number,
  toCsv: ReportCsv,
): Promise<SendOutcome | null> {
  const row = await db().savedReport.findUnique({ where: { id: reportId } });
  if (!row || row.deletedAt || !row.schedule) return null;
  const report = savedReportOf(row);
  const period = lastEndedPeriod(row.schedule as ReportSchedule, row.timeZone, nowMs);
  // "Send now" asks for the last ended period even if it ended before the schedule was set
  const requested = row.sendRequestedAt !== null;
  if (requested)
    await db().savedReport.updateMany({
      where: { id: row.id, sendRequestedAt: row.sendRequestedAt },
      data: { sendRequestedAt: null },
    });
  if (!requested && (!row.scheduledAt || period.endMs <= row.scheduledAt.getTime())) return null;
  const delivery = await claim(row.id, row.advertiserId, period.key, nowMs);
  if (!delivery) return null;
  const already = new Set(JSON.parse(delivery.recipients) as string[]);
  // in the order the recipients were chosen
  const members = (
    await db().membership.findMany({
      where: { advertiserId: row.advertiserId, userId: { in: report.recipientIds } },
      select: { userId: true, user: { select: { email: true } }, advertiser: { select: { name: true } } },
    })
  ).sort((a, b) => report.recipientIds.indexOf(a.userId) - report.recipientIds.indexOf(b.userId));
  const sentTo = [...already];
  const failed: string[] = [];
  let error: string | null = null;
  try {
    const csv = toCsv(await periodReport(row.advertiserId, report, period));
    const url = `${env().PUBLIC_BASE_URL}${reportPath({ ...report.state, timezone: row.timeZone }, period)}`;
    for (const member of members) {
      if (already.has(member.user.email)) continue;
      try {
        await sendEmail(
          scheduledReportEmail({
            to: member.user.email,
            reportName: row.name,
            advertiserName: member.advertiser.name,
            period: { startDate: period.startDate, endDate: period.endDate, timeZone: row.timeZone },
            url,
            csv,
          }),
        );
        sentTo.push(member.user.email);
      } catch (cause) {
        failed.push(member.user.email);
        error = cause instanceof Error ? cause.message : String(cause);
      }
    }
  } catch (cause) {
    failed.push(...members.map((member) => member.user.email).filter((email) => !already.has(email)));
    error = cause instanceof Error ? cause.message : String(cause);
  }
  const done = failed.length === 0;
  await db().$transaction(async (tx) => {
    await tx.reportDelivery.update({
      where: { id: delivery.id },
      data: {
        status: done ? "sent" : "failed",
        recipients: JSON.stringify(sentTo),
        error: done ? null : (error ?? "not sent").slice(0, 500),
        sentAt: done ? new Date(nowMs) : null,
      },
    });
    if (done)
      await recordChange(tx, {
        advertiserId: row.advertiserId,
        atMs: nowMs,
        actor: REPORT_SCHEDULER,
        operation: SEND_SCHEDULED_REPORT_OPERATION,
        target: { type: "saved_report", id: row.id },
        fields: { last_sent_period: { from: null, to: period.key } },
        reason: sentTo.length ? `emailed to ${sentTo.join(", ")}` : "no recipient is a member any more",
      });
  });
  return { reportId: row.id, period: period.key, sentTo, failed };
}

/**
 * One pass: every scheduled report's last ended period, sent once (`requestedOnly`: only those a
 * member asked to send now). Nothing without email configured.
 */
export async function sendDueReports(
  nowMs: number,
  toCsv: ReportCsv,
  options: { requestedOnly?: boolean } = {},
): Promise<SendOutcome[]> {
  if (!emailConfigured()) return [];
  const rows = await db().savedReport.findMany({
    where: {
      schedule: { not: null },
      deletedAt: null,
      ...(options.requestedOnly && { sendRequestedAt: { not: null } }),
    },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const outcomes: SendOutcome[] = [];
  for (const { id } of rows) {
    const outcome = await sendScheduledReport(id, nowMs, toCsv);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
