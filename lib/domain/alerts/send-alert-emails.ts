// Sends the alerts whose member chose email (docs/decisions/1428). A row is claimed by a
// conditional update that counts the attempt and pushes its next try out by the retry
// delay, so a crash mid-send retries later and two instances never send the same attempt;
// an alert is emailed at least once, at most MAX_ATTEMPTS times. The dashboard copy stays.
// Membership is checked when the email is sent, not only when the alert was made: a
// member removed since gets nothing more of the advertiser (the row becomes
// "cancelled"; docs/decisions/1430).
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { alertEmail } from "@/lib/email/messages";

export const ALERT_EMAIL_MAX_ATTEMPTS = 5;
/** 1, 2, 4, 8 minutes between tries (also the lease of a claimed row). */
export function alertEmailRetryMs(attempt: number): number {
  return 60_000 * 2 ** Math.max(0, attempt - 1);
}

export type AlertEmailPass = { sent: number; failed: number };

/** Sends up to `limit` due alert emails at `nowMs`. */
export async function sendAlertEmails(nowMs: number, limit = 50): Promise<AlertEmailPass> {
  const result: AlertEmailPass = { sent: 0, failed: 0 };
  if (!emailConfigured()) return result;
  const now = new Date(nowMs);
  const due = await db().notification.findMany({
    where: { emailStatus: "pending", emailNextAt: { lte: now } },
    orderBy: { emailNextAt: "asc" },
    take: limit,
    select: {
      id: true,
      userId: true,
      advertiserId: true,
      emailAttempts: true,
      title: true,
      body: true,
      linkPath: true,
      user: { select: { email: true } },
      advertiser: { select: { name: true } },
    },
  });
  const base = env().PUBLIC_BASE_URL;
  for (const row of due) {
    const attempt = row.emailAttempts + 1;
    const member = { memberships: { some: { advertiserId: row.advertiserId } } };
    const { count } = await db().notification.updateMany({
      where: { id: row.id, emailStatus: "pending", emailAttempts: row.emailAttempts, user: member },
      data: { emailAttempts: attempt, emailNextAt: new Date(nowMs + alertEmailRetryMs(attempt)) },
    });
    if (count !== 1) {
      // another instance took it, or the user is no longer a member: then it is never sent
      await db().notification.updateMany({
        where: { id: row.id, emailStatus: "pending", user: { NOT: member } },
        data: { emailStatus: "cancelled", emailNextAt: null },
      });
      continue;
    }
    try {
      await sendEmail(
        alertEmail({
          to: row.user.email,
          advertiserName: row.advertiser.name,
          title: row.title,
          body: row.body,
          url: `${base}${row.linkPath}`,
          settingsUrl: `${base}/settings#notifications`,
        }),
      );
      await db().notification.updateMany({ where: { id: row.id }, data: { emailStatus: "sent", emailNextAt: null } });
      result.sent++;
    } catch {
      if (attempt >= ALERT_EMAIL_MAX_ATTEMPTS) {
        await db().notification.updateMany({
          where: { id: row.id },
          data: { emailStatus: "failed", emailNextAt: null },
        });
      }
      result.failed++;
    }
  }
  return result;
}
