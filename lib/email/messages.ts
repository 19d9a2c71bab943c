// The service's emails, in plain text: what each says and the one link it
// carries. Each is built from values the service chose or checked (names are the
// advertiser's and the user's own, shown as text, never as markup).
import type { Role } from "@/lib/auth/roles";
import { ROLE_DESCRIPTIONS } from "@/lib/auth/roles";
import type { EmailMessage } from "./mailer";

/** One line: a name typed by a person cannot add lines or headers to a message (nodemailer encodes headers too). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, " ").trim();
}

function utc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function invitationEmail(input: {
  to: string;
  advertiserName: string;
  inviterName: string | null;
  role: Role;
  url: string;
  expiresAt: Date;
}): EmailMessage {
  const advertiser = oneLine(input.advertiserName);
  const who = input.inviterName ? oneLine(input.inviterName) : "An admin";
  return {
    to: input.to,
    subject: `You are invited to ${advertiser} on Sports Moment Ads`,
    text: [
      `${who} invited you to join ${advertiser} on Sports Moment Ads as ${input.role === "admin" ? "an" : "a"} ${input.role}.`,
      `${ROLE_DESCRIPTIONS[input.role]}.`,
      "",
      "Open this link to accept (it works once, until " + utc(input.expiresAt) + "):",
      input.url,
      "",
      "If you have no account yet, the link lets you create one with this email address.",
      "If you did not expect this invitation, ignore this email.",
    ].join("\n"),
  };
}

export function passwordResetEmail(input: { to: string; url: string; expiresAt: Date }): EmailMessage {
  return {
    to: input.to,
    subject: "Reset your Sports Moment Ads password",
    text: [
      "Someone (we hope you) asked to reset the password of your Sports Moment Ads account.",
      "",
      `Open this link to choose a new password (it works once, until ${utc(input.expiresAt)}):`,
      input.url,
      "",
      "Choosing a new password signs your account out of every browser.",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

export function emailChangedNotice(input: { to: string; newEmail: string }): EmailMessage {
  return {
    to: input.to,
    subject: "The email of your Sports Moment Ads account changed",
    text: [
      `The email you sign in to Sports Moment Ads with is now ${oneLine(input.newEmail)}.`,
      "This address no longer signs in, and password reset links now go to the new one.",
      "",
      "If you did not make this change, reply to this email or contact your advertiser's admin at once.",
    ].join("\n"),
  };
}

export function alertEmail(input: {
  to: string;
  advertiserName: string;
  title: string;
  body: string;
  url: string;
  settingsUrl: string;
}): EmailMessage {
  return {
    to: input.to,
    subject: `${oneLine(input.title)} (${oneLine(input.advertiserName)})`,
    text: [
      `${oneLine(input.advertiserName)} on Sports Moment Ads:`,
      "",
      oneLine(input.body),
      "",
      input.url,
      "",
      `You receive this alert by email because of your notification settings: ${input.settingsUrl}`,
    ].join("\n"),
  };
}

/** Two-factor sign-in was turned on or off for the account (docs/decisions/1431). */
export function twoFactorChangedNotice(input: { to: string; change: "enabled" | "disabled" }): EmailMessage {
  const on = input.change === "enabled";
  return {
    to: input.to,
    subject: on
      ? "Two-factor sign-in is on for your Sports Moment Ads account"
      : "Two-factor sign-in was turned off for your Sports Moment Ads account",
    text: [
      on
        ? "An authenticator app now gives the second step of every sign-in to your account. Keep your recovery codes somewhere safe: each works once."
        : "Signing in to your account now takes your password only.",
      "",
      "If you did not make this change, reset your password at once and tell your advertiser's admin.",
    ].join("\n"),
  };
}

/** A passkey was added to or removed from the user's account (docs/decisions/1434). */
export function passkeyChangedNotice(input: { to: string; change: "added" | "removed"; name: string }): EmailMessage {
  const added = input.change === "added";
  return {
    to: input.to,
    subject: added
      ? "A passkey was added to your Sports Moment Ads account"
      : "A passkey was removed from your Sports Moment Ads account",
    text: [
      added
        ? `The passkey "${input.name}" now gives the second step of a sign-in to your account.`
        : `The passkey "${input.name}" no longer signs in to your account.`,
      "",
      "If you did not make this change, reset your password at once and tell your advertiser's admin.",
    ].join("\n"),
  };
}

/** A scheduled report (docs/decisions/0701): the period it covers, the link that opens it, its CSV attached. */
export function scheduledReportEmail(input: {
  to: string;
  reportName: string;
  advertiserName: string;
  period: { startDate: string; endDate: string; timeZone: string };
  url: string;
  csv: { filename: string; content: string };
}): EmailMessage {
  const name = oneLine(input.reportName);
  const { startDate, endDate, timeZone } = input.period;
  const dates = startDate === endDate ? startDate : `${startDate} to ${endDate}`;
  return {
    to: input.to,
    subject: `${name}: ${dates}`,
    text: [
      `Your scheduled report "${name}" of ${oneLine(input.advertiserName)} for ${dates} (${timeZone}) is attached as CSV.`,
      "",
      "Open it in the dashboard:",
      input.url,
      "",
      "You receive it because a member of the advertiser chose you as a recipient; any member can change the schedule on",
      "the saved reports page.",
    ].join("\n"),
    attachments: [{ filename: input.csv.filename, content: input.csv.content, contentType: "text/csv; charset=utf-8" }],
  };
}
