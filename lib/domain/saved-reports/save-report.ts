// saveReport, updateSavedReport, deleteSavedReport, listSavedReports (docs/decisions/0701). A
// saved report is the /reports page's state, checked with E9's own schema (or the all-campaigns
// report's) so that it opens without an error; its schedule is counted in the owner's zone (the
// zone of the member who saves or reschedules it; for an API client, the report's own zone),
// and is emailed to members of the advertiser only.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db, type SavedReport as SavedReportRow } from "@/lib/db/client";
import { getCampaignOrThrow } from "@/lib/domain/campaigns/get-campaign";
import { advertiserReportQuery, reportQuery } from "@/lib/domain/reporting/reporting.schemas";
import { AppError, parseInput, validationError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange, type FieldValue } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { defineOperation } from "@/lib/operations/operation";
import {
  listSavedReportsInput,
  MAX_SAVED_REPORTS,
  saveReportInput,
  savedReportIdInput,
  savedReportListView,
  savedReportView,
  updateSavedReportInput,
  type ReportSchedule,
  type ReportState,
  type SavedReport,
  type SaveReportInput,
  type UpdateSavedReportInput,
} from "./saved-reports.schemas";

// like every write of the API, campaigns:write (an editor in the dashboard); reading them is reporting:read
export const saveReport = defineOperation({
  name: "saveReport",
  access: "campaigns:write",
  write: true,
  history: "saved_report",
  idempotent: true,
  input: saveReportInput,
  output: savedReportView,
  run: (actor, input, { clock }) => reportSaved(actor, input, { clock }),
});

export const updateSavedReport = defineOperation({
  name: "updateSavedReport",
  access: "campaigns:write",
  write: true,
  history: "saved_report",
  idempotent: true,
  input: updateSavedReportInput,
  output: savedReportView,
  run: (actor, input, { clock }) => savedReportUpdated(actor, input, { clock }),
});

export const deleteSavedReport = defineOperation({
  name: "deleteSavedReport",
  access: "campaigns:write",
  write: true,
  history: "saved_report",
  idempotent: true,
  input: savedReportIdInput,
  output: savedReportView,
  run: (actor, input, { clock }) => savedReportDeleted(actor, input.id, { clock }),
});

/**
 * "Send now": the worker emails the scheduled report's last ended period within seconds, as its
 * schedule would (the same send, the same once-per-period row), instead of waiting for the next.
 */
export const sendSavedReportNow = defineOperation({
  name: "sendSavedReportNow",
  access: "campaigns:write",
  write: true,
  history: "saved_report",
  idempotent: true,
  input: savedReportIdInput,
  output: savedReportView,
  run: (actor, input, { clock }) => savedReportSendRequested(actor, input.id, { clock }),
});

export const listSavedReports = defineOperation({
  name: "listSavedReports",
  access: "reporting:read",
  write: false,
  input: listSavedReportsInput,
  output: savedReportListView,
  run: (actor) => savedReportsOf(actor),
});

/** The dashboard's link to the report (docs/decisions/1211: GraphQL's enum names in the URL). */
export function reportPath(state: ReportState, dates?: { startDate: string; endDate: string }): string {
  const query = new URLSearchParams({
    campaign: state.campaignId ?? "all",
    start: dates?.startDate ?? state.startDate,
    end: dates?.endDate ?? state.endDate,
    tz: state.timezone,
  });
  if (state.breakdown) query.set("breakdown", state.breakdown.toUpperCase());
  if (state.granularity) query.set("granularity", state.granularity.toUpperCase());
  return `/reports?${query.toString()}`;
}

function stateOf(row: SavedReportRow): ReportState {
  const query = new URLSearchParams(row.query);
  return {
    campaignId: query.get("campaign_id") || null,
    startDate: query.get("start_date") ?? "",
    endDate: query.get("end_date") ?? "",
    timezone: query.get("timezone") ?? "UTC",
    breakdown: query.get("breakdown") || null,
    granularity: query.get("granularity") || null,
  };
}

function stateQuery(state: ReportState): string {
  return new URLSearchParams({
    campaign_id: state.campaignId ?? "",
    start_date: state.startDate,
    end_date: state.endDate,
    timezone: state.timezone,
    breakdown: state.breakdown ?? "",
    granularity: state.granularity ?? "",
  }).toString();
}

export function savedReportOf(row: SavedReportRow, lastSent: SavedReport["lastSent"] = null): SavedReport {
  const state = stateOf(row);
  return {
    id: row.id,
    name: row.name,
    state,
    path: reportPath(state),
    schedule: (row.schedule as ReportSchedule | null) ?? null,
    timeZone: row.timeZone,
    recipientIds: JSON.parse(row.recipients) as string[],
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastSent,
  };
}

function fieldValues(report: SavedReport): Record<string, FieldValue> {
  return {
    name: report.name,
    path: report.path,
    schedule: report.schedule,
    schedule_timezone: report.timeZone,
    recipient_ids: report.recipientIds,
  };
}

/** 422 for a recipient who is not a member of the advertiser. */
async function assertMembers(actor: Actor, ids: readonly string[]): Promise<void> {
  const members = await db().membership.findMany({
    where: { advertiserId: actor.advertiserId, userId: { in: [...ids] } },
    select: { userId: true },
  });
  const found = new Set(members.map((row) => row.userId));
  const errors = ids.flatMap((id, index) =>
    found.has(id) ? [] : [{ path: `recipient_ids.${index}`, message: `${id} is not a member of this advertiser` }],
  );
  if (errors.length) throw validationError(errors);
}

/** The owner's zone: the member's own, or (an API client) the report's. */
async function ownerZone(actor: Actor, reportZone: string): Promise<string> {
  if (actor.via !== "session" || !actor.userId) return reportZone;
  const user = await db().user.findUnique({ where: { id: actor.userId }, select: { timeZone: true } });
  return user?.timeZone ?? reportZone;
}

function ownerId(actor: Actor): string {
  return actor.via === "session" && actor.userId ? actor.userId : (actor.clientId ?? "api_client");
}

function recipientsFor(actor: Actor, schedule: ReportSchedule | null, given: string[] | undefined): string[] {
  const ids = given ?? (actor.via === "session" && actor.userId ? [actor.userId] : []);
  if (schedule && ids.length === 0)
    throw validationError([{ path: "recipient_ids", message: "name at least one member to email the report to" }]);
  return ids;
}

export async function reportSaved(
  actor: Actor,
  input: SaveReportInput,
  options: { clock?: Clock } = {},
): Promise<SavedReport> {
  const now = nowDate(options.clock);
  // the report must open as saved: E9's rules (or the all-campaigns report's)
  const query = {
    start_date: input.start_date,
    end_date: input.end_date,
    timezone: input.timezone,
    breakdown: input.breakdown,
  };
  if (input.campaign_id === null) parseInput(advertiserReportQuery, query);
  else parseInput(reportQuery, query);
  if (input.campaign_id !== null) await getCampaignOrThrow(actor, input.campaign_id);
  const schedule = input.schedule ?? null;
  const recipients = recipientsFor(actor, schedule, input.recipient_ids);
  await assertMembers(actor, recipients);
  const count = await db().savedReport.count({ where: { advertiserId: actor.advertiserId, deletedAt: null } });
  if (count >= MAX_SAVED_REPORTS)
    throw new AppError("conflict", { detail: `At most ${MAX_SAVED_REPORTS} saved reports: delete one first.` });
  const state: ReportState = {
    campaignId: input.campaign_id,
    startDate: input.start_date,
    endDate: input.end_date,
    timezone: input.timezone,
    breakdown: input.breakdown ?? null,
    granularity: input.granularity ?? null,
  };
  const zone = await ownerZone(actor, input.timezone);
  const by = await changeActorOf(actor);
  const row = await db().$transaction(async (tx) => {
    const created = await tx.savedReport.create({
      data: {
        id: newId("srp"),
        advertiserId: actor.advertiserId,
        name: input.name,
        query: stateQuery(state),
        schedule,
        timeZone: zone,
        recipients: JSON.stringify(recipients),
        scheduledAt: schedule ? now : null,
        createdBy: ownerId(actor),
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: saveReport.name,
      target: { type: "saved_report", id: created.id },
      fields: fieldChanges(null, fieldValues(savedReportOf(created))),
    });
    return created;
  });
  return savedReportOf(row);
}

async function ownedRow(actor: Actor, id: string): Promise<SavedReportRow> {
  const row = await db().savedReport.findFirst({ where: { id, advertiserId: actor.advertiserId, deletedAt: null } });
  if (!row) throw new AppError("not_found", { detail: "No saved report with this id." });
  return row;
}

export async function savedReportUpdated(
  actor: Actor,
  input: UpdateSavedReportInput,
  options: { clock?: Clock } = {},
): Promise<SavedReport> {
  const now = nowDate(options.clock);
  const row = await ownedRow(actor, input.id);
  const before = savedReportOf(row);
  const schedule = input.schedule === undefined ? before.schedule : input.schedule;
  const recipients =
    input.recipient_ids !== undefined || (schedule && before.recipientIds.length === 0)
      ? recipientsFor(actor, schedule, input.recipient_ids)
      : before.recipientIds;
  await assertMembers(actor, recipients);
  const rescheduled = schedule !== null && schedule !== before.schedule;
  // a new schedule is counted in the zone of whoever sets it, from now on
  const zone = rescheduled ? await ownerZone(actor, before.state.timezone) : row.timeZone;
  const data = {
    name: input.name ?? row.name,
    schedule,
    timeZone: zone,
    recipients: JSON.stringify(recipients),
    scheduledAt: rescheduled ? now : schedule === null ? null : row.scheduledAt,
  };
  const after = savedReportOf({ ...row, ...data });
  const fields = fieldChanges(fieldValues(before), fieldValues(after));
  if (Object.keys(fields).length === 0) return before;
  const by = await changeActorOf(actor);
  const updated = await db().$transaction(async (tx) => {
    const written = await tx.savedReport.update({ where: { id: row.id }, data: { ...data, updatedAt: now } });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: updateSavedReport.name,
      target: { type: "saved_report", id: row.id },
      fields,
    });
    return written;
  });
  return savedReportOf(updated);
}

export async function savedReportDeleted(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<SavedReport> {
  const now = nowDate(options.clock);
  const row = await ownedRow(actor, id);
  const by = await changeActorOf(actor);
  await db().$transaction(async (tx) => {
    await tx.savedReport.update({ where: { id }, data: { deletedAt: now, updatedAt: now } });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: deleteSavedReport.name,
      target: { type: "saved_report", id },
      fields: fieldChanges(fieldValues(savedReportOf(row)), null),
    });
  });
  return savedReportOf(row);
}

export async function savedReportsOf(actor: Actor): Promise<SavedReport[]> {
  const rows = await db().savedReport.findMany({
    where: { advertiserId: actor.advertiserId, deletedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const sent = await db().reportDelivery.findMany({
    where: { reportId: { in: rows.map((row) => row.id) }, status: "sent" },
    orderBy: { sentAt: "desc" },
  });
  const last = new Map<string, SavedReport["lastSent"]>();
  for (const delivery of sent)
    if (!last.has(delivery.reportId) && delivery.sentAt)
      last.set(delivery.reportId, { period: delivery.periodKey, at: delivery.sentAt });
  return rows.map((row) => savedReportOf(row, last.get(row.id) ?? null));
}

export async function savedReportSendRequested(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<SavedReport> {
  const now = nowDate(options.clock);
  const row = await ownedRow(actor, id);
  if (!row.schedule)
    throw new AppError("conflict", { detail: "This report has no schedule: schedule it first, then send it now." });
  const by = await changeActorOf(actor);
  const updated = await db().$transaction(async (tx) => {
    const written = await tx.savedReport.update({ where: { id }, data: { sendRequestedAt: now } });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: sendSavedReportNow.name,
      target: { type: "saved_report", id },
      fields: { send_requested_at: { from: row.sendRequestedAt?.toISOString() ?? null, to: now.toISOString() } },
    });
    return written;
  });
  return savedReportOf(updated);
}
