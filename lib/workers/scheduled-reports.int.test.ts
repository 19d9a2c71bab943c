// both databases: workers
// Saved and scheduled reports (docs/decisions/0701) against a real SMTP server: a daily report
// counted in its owner's zone (New York) is emailed once per period, with that local day's CSV
// attached and the link that opens it, to the chosen members only; a period that ended before the
// schedule was set is not sent; the send is in the history; a recipient must be a member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionActor } from "@/lib/auth/session";
import { fixedClock, HOUR_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { reportCsv } from "./scheduled-reports";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { lastEndedPeriod } from "@/lib/domain/saved-reports/report-periods";
import {
  reportSaved,
  savedReportSendRequested,
  savedReportsOf,
  savedReportUpdated,
} from "@/lib/domain/saved-reports/save-report";
import { sendDueReports } from "@/lib/domain/saved-reports/send-scheduled-reports";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

async function member(advertiserId: string, label: string, timeZone: string) {
  const email = `${label}-${randomBase62(8).toLowerCase()}@example.test`;
  const own = await createAdvertiser(
    { name: `${label} home`, email, password: "correct horse battery" },
    { defaultClient: false },
  );
  await db().user.update({ where: { id: own.user_id }, data: { timeZone } });
  await db().membership.create({ data: { advertiserId, userId: own.user_id, role: "viewer" } });
  return { userId: own.user_id, email };
}

describe("report periods", () => {
  it("are the day, ISO week or month just ended in the zone", () => {
    // 00:10 on Wednesday 2 December in New York
    const now = Date.parse("2026-12-02T05:10:00Z");
    expect(lastEndedPeriod("daily", "America/New_York", now)).toMatchObject({
      key: "2026-12-01",
      startDate: "2026-12-01",
      endDate: "2026-12-01",
      startMs: Date.parse("2026-12-01T05:00:00Z"),
      endMs: Date.parse("2026-12-02T05:00:00Z"),
    });
    expect(lastEndedPeriod("weekly", "America/New_York", now)).toMatchObject({
      key: "2026-W48",
      startDate: "2026-11-23",
      endDate: "2026-11-29",
    });
    expect(lastEndedPeriod("monthly", "America/New_York", now)).toMatchObject({
      key: "2026-11",
      startDate: "2026-11-01",
      endDate: "2026-11-30",
    });
    // still 1 December in New York (23:10): the day before is 30 November
    expect(lastEndedPeriod("daily", "America/New_York", Date.parse("2026-12-02T04:10:00Z")).key).toBe("2026-11-30");
    // a 25-hour day: the fall-back Sunday
    const fallBack = lastEndedPeriod("daily", "America/New_York", Date.parse("2026-11-02T06:00:00Z"));
    expect(fallBack.endMs - fallBack.startMs).toBe(25 * HOUR_MS);
  });
});

describe("scheduled reports", () => {
  it("emails each period once, in the owner's zone, to the chosen members", async () => {
    const adv = await createTestAdvertiser("Scheduled Co");
    const owner = await member(adv.advertiserId, "owner", "America/New_York");
    const analyst = await member(adv.advertiserId, "analyst", "Europe/London");
    const bystander = await member(adv.advertiserId, "bystander", "UTC");
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Playoffs" });
    // 1 December in New York: two impressions; 23:00 on 30 November there (04:00Z) is the day before
    await seedDelivery(campaign, [
      { servedAtMs: Date.parse("2026-12-01T06:00:00Z"), region: null },
      { servedAtMs: Date.parse("2026-12-02T04:30:00Z"), region: null },
      { servedAtMs: Date.parse("2026-12-01T04:00:00Z"), region: null },
    ]);
    const actor = sessionActor({ advertiserId: adv.advertiserId, userId: owner.userId, role: "editor" });
    const outsider = await createTestAdvertiser("Elsewhere");
    const stranger = await db().user.findFirstOrThrow({
      where: { memberships: { some: { advertiserId: outsider.advertiserId } } },
    });
    const input = {
      name: "Daily playoffs",
      campaign_id: campaign.id,
      start_date: "2026-11-24",
      end_date: "2026-11-30",
      timezone: "UTC",
      breakdown: "sport",
      schedule: "daily" as const,
      recipient_ids: [owner.userId, analyst.userId],
    };
    await expect(reportSaved(actor, { ...input, recipient_ids: [owner.userId, stranger.id] })).rejects.toMatchObject({
      code: "validation_failed",
      fieldErrors: [expect.objectContaining({ path: "recipient_ids.1" })],
    });
    const saved = await reportSaved(actor, input, { clock: fixedClock("2026-12-01T12:00:00Z") });
    expect(saved).toMatchObject({ schedule: "daily", timeZone: "America/New_York" });
    expect(saved.path).toBe(`/reports?campaign=${campaign.id}&start=2026-11-24&end=2026-11-30&tz=UTC&breakdown=SPORT`);

    // 00:02 in New York on 2 December: 30 November ended before the schedule was set, 1 December is in its grace
    expect(await sendDueReports(Date.parse("2026-12-02T05:02:00Z"), reportCsv)).toEqual([]);
    const at = Date.parse("2026-12-02T05:10:00Z");
    const sent = await sendDueReports(at, reportCsv);
    expect(sent).toEqual([
      { reportId: saved.id, period: "2026-12-01", sentTo: [owner.email, analyst.email], failed: [] },
    ]);
    // again, and later the same day: nothing more
    expect(await sendDueReports(at, reportCsv)).toEqual([]);
    expect(await sendDueReports(Date.parse("2026-12-02T20:00:00Z"), reportCsv)).toEqual([]);

    const [mail] = await smtp.waitFor(analyst.email);
    expect(smtp.to(owner.email)).toHaveLength(1);
    expect(smtp.to(bystander.email)).toHaveLength(0);
    expect(mail!.subject).toBe("Daily playoffs: 2026-12-01");
    expect(mail!.text).toContain(
      `/reports?campaign=${campaign.id}&start=2026-12-01&end=2026-12-01&tz=America%2FNew_York&breakdown=SPORT`,
    );
    expect(mail!.attachments).toHaveLength(1);
    const csv = mail!.attachments[0]!;
    expect(csv.filename).toMatch(/\.csv$/);
    expect(csv.contentType).toContain("text/csv");
    // the New York day's two impressions, not the one of 30 November
    expect(csv.content).toMatch(/^sport,impressions/m);
    expect(csv.content).toMatch(/^nba,2,/m);

    const change = await db().change.findFirstOrThrow({
      where: { targetId: saved.id, operation: "sendScheduledReport" },
    });
    expect(change).toMatchObject({
      actorId: "report_scheduler",
      reason: `emailed to ${owner.email}, ${analyst.email}`,
    });
    expect((await savedReportsOf(actor))[0]!.lastSent).toMatchObject({ period: "2026-12-01" });

    // the next New York day is sent the next night; stopping the schedule stops it
    const next = await sendDueReports(Date.parse("2026-12-03T05:10:00Z"), reportCsv);
    expect(next.map((outcome) => outcome.period)).toEqual(["2026-12-02"]);
    await savedReportUpdated(actor, { id: saved.id, schedule: null });
    expect(await sendDueReports(Date.parse("2026-12-04T05:10:00Z"), reportCsv)).toEqual([]);
    expect(smtp.to(analyst.email)).toHaveLength(2);
  });

  it("sends the last ended period at once when asked (Send now), and that period only once", async () => {
    const adv = await createTestAdvertiser("Send Now Co");
    const owner = await member(adv.advertiserId, "sender", "Asia/Kolkata");
    const actor = sessionActor({ advertiserId: adv.advertiserId, userId: owner.userId, role: "editor" });
    const saved = await reportSaved(
      actor,
      {
        name: "Weekly all",
        campaign_id: null,
        start_date: "2026-11-01",
        end_date: "2026-11-07",
        timezone: "UTC",
        breakdown: "campaign",
      },
      { clock: fixedClock("2026-12-02T10:00:00Z") },
    );
    await expect(savedReportSendRequested(actor, saved.id)).rejects.toMatchObject({ code: "conflict" });
    await savedReportUpdated(
      actor,
      { id: saved.id, schedule: "weekly" },
      { clock: fixedClock("2026-12-02T10:00:00Z") },
    );
    // the schedule was set on Wednesday: last week ended before it, so the schedule alone sends nothing
    const now = Date.parse("2026-12-02T10:01:00Z");
    expect(await sendDueReports(now, reportCsv)).toEqual([]);
    await savedReportSendRequested(actor, saved.id, { clock: fixedClock(now) });
    const sent = await sendDueReports(now, reportCsv, { requestedOnly: true });
    expect(sent).toEqual([{ reportId: saved.id, period: "2026-W48", sentTo: [owner.email], failed: [] }]);
    const [mail] = await smtp.waitFor(owner.email);
    expect(mail!.subject).toBe("Weekly all: 2026-11-23 to 2026-11-29");
    expect(mail!.attachments[0]!.content).toMatch(/^campaign_id,/m);
    // asked again for the same period: it was sent already
    await savedReportSendRequested(actor, saved.id, { clock: fixedClock(now) });
    expect(await sendDueReports(now, reportCsv, { requestedOnly: true })).toEqual([]);
    expect(smtp.to(owner.email)).toHaveLength(1);
    expect((await db().savedReport.findUniqueOrThrow({ where: { id: saved.id } })).sendRequestedAt).toBeNull();
  });
});
