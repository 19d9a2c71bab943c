// both databases: emails matched as text, unique memberships
// Members and invitations through the catalog (docs/decisions/1009, 1219, 1426):
// an invitation's link works once, for 7 days, until revoked or replaced; only
// its hash is kept; it is emailed through a real local SMTP server when email is
// configured and shown to the admin either way; removing a member ends their
// sessions for that advertiser at once (others stay); the last admin stays.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  sessionActor,
  sessionCookieLine,
  sessionCookieName,
  sessionUserFromCookie,
  switchedSessionCookieLine,
} from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import { DAY_MS, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { reloadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation, Caller } from "@/lib/operations/operation";
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { acceptInvitation, invitationByToken, joinBySignUp } from "./accept-invitation";
import { changeMemberRole } from "./change-member-role";
import { inviteMember } from "./invite-member";
import { listInvitations } from "./list-invitations";
import { listMembers } from "./list-members";
import { removeMember } from "./remove-member";
import { revokeInvitation } from "./revoke-invitation";
import { switchAdvertiser } from "./switch-advertiser";

const PASSWORD = "correct horse battery";
const log = pino({ level: "silent" });
let sequence = 0;

type Member = { userId: string; advertiserId: string; role: Role; email: string };

async function newAdvertiser(name: string): Promise<Member> {
  const email = `admin-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name, email, password: PASSWORD }, { defaultClient: false });
  return { userId: created.user_id, advertiserId: created.advertiser_id, role: "admin", email };
}

function caller(member: Member | null, clock: Clock = Date.now): Caller {
  return {
    actor: member ? sessionActor(member) : null,
    requestId: `req_members_${++sequence}`,
    log,
    clock,
    clientAddress: `198.51.100.${sequence % 250}`,
  };
}

function run<O extends AnyOperation>(operation: O, member: Member | null, raw: unknown, clock?: Clock) {
  return invoke(operation, caller(member, clock), raw);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function tokenOf(url: string): string {
  return url.split("/invite#")[1]!;
}

function cookieValue(line: string): string {
  return line.split(";")[0]!.split("=").slice(1).join("=");
}

describe("invitations without email configured", () => {
  it("answer the link once, say it was not emailed, and keep only its hash", async () => {
    const admin = await newAdvertiser("Invite Co");
    const email = `new-${randomBase62(8).toLowerCase()}@example.test`;
    const created = await run(inviteMember, admin, { email, role: "editor" });
    expect(created).toMatchObject({ emailed: false, emailProblem: "not_configured" });
    // the token travels in the fragment, which no request carries (docs/decisions/1432)
    expect(created.url).toMatch(/\/invite#sma_invite_[A-Za-z0-9_-]+$/);
    const token = tokenOf(created.url);
    const row = await db().invitation.findUniqueOrThrow({ where: { id: created.invitation.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    // the list never shows a link
    const listed = await run(listInvitations, admin, {});
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.map((each) => each.email)).toContain(email);
  });

  it("joins a new account once: a second use of the link, in any form, is refused", async () => {
    const admin = await newAdvertiser("Once Co");
    const email = `once-${randomBase62(8).toLowerCase()}@example.test`;
    const { url } = await run(inviteMember, admin, { email, role: "viewer" });
    const token = tokenOf(url);
    expect(await invitationByToken(token)).toMatchObject({
      status: "pending",
      email,
      role: "viewer",
      accountExists: false,
    });
    const joined = await run(joinBySignUp, null, { token, name: "Nora New", password: PASSWORD });
    expect(joined).toMatchObject({ advertiserId: admin.advertiserId, email });
    const members = await run(listMembers, admin, {});
    expect(members.find((member) => member.email === email)).toMatchObject({ role: "viewer", name: "Nora New" });
    expect(await invitationByToken(token)).toEqual({ status: "accepted" });
    const again = await refusal(run(joinBySignUp, null, { token, name: "Nora Again", password: PASSWORD }));
    expect(again.code).toBe("not_found");
    expect(again.detail).toContain("used already");
    const bySignIn = await refusal(acceptInvitation(joined.userId, token));
    expect(bySignIn.code).toBe("not_found");
  });

  it("expires after 7 days", async () => {
    const admin = await newAdvertiser("Expiry Co");
    const start = Date.parse("2026-03-01T12:00:00Z");
    const email = `late-${randomBase62(8).toLowerCase()}@example.test`;
    const { url } = await run(inviteMember, admin, { email, role: "viewer" }, () => start);
    const token = tokenOf(url);
    const late: Clock = () => start + 7 * DAY_MS;
    expect(await invitationByToken(token, { clock: () => start + 7 * DAY_MS - 1 })).toMatchObject({
      status: "pending",
    });
    expect(await invitationByToken(token, { clock: late })).toEqual({ status: "expired" });
    const refused = await refusal(run(joinBySignUp, null, { token, name: "Late", password: PASSWORD }, late));
    expect(refused.code).toBe("not_found");
    expect(refused.detail).toContain("expired");
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it("stops working when revoked, or replaced by a new invitation of the same email", async () => {
    const admin = await newAdvertiser("Revoke Co");
    const email = `rev-${randomBase62(8).toLowerCase()}@example.test`;
    const first = await run(inviteMember, admin, { email, role: "viewer" });
    const second = await run(inviteMember, admin, { email, role: "editor" });
    expect(await invitationByToken(tokenOf(first.url))).toEqual({ status: "revoked" });
    expect(await invitationByToken(tokenOf(second.url))).toMatchObject({ status: "pending", role: "editor" });
    const revoked = await run(revokeInvitation, admin, { id: second.invitation.id });
    expect(revoked.status).toBe("revoked");
    const refused = await refusal(
      run(joinBySignUp, null, { token: tokenOf(second.url), name: "R", password: PASSWORD }),
    );
    expect(refused.detail).toContain("revoked");
    // another advertiser's admin cannot revoke it: not theirs
    const other = await newAdvertiser("Other Co");
    const third = await run(inviteMember, admin, { email, role: "viewer" });
    expect((await refusal(run(revokeInvitation, other, { id: third.invitation.id }))).code).toBe("not_found");
  });

  it("an existing account accepts by signing in with the invitation's email only", async () => {
    const admin = await newAdvertiser("Agency Client");
    const agency = await newAdvertiser("Agency Home");
    const stranger = await newAdvertiser("Stranger");
    const { url } = await run(inviteMember, admin, { email: agency.email, role: "editor" });
    const token = tokenOf(url);
    expect(await invitationByToken(token)).toMatchObject({ accountExists: true });
    // a new account cannot take an email that has one
    expect((await refusal(run(joinBySignUp, null, { token, name: "X", password: PASSWORD }))).code).toBe("conflict");
    expect((await refusal(acceptInvitation(stranger.userId, token))).code).toBe("conflict");
    expect(await acceptInvitation(agency.userId, token)).toEqual({ advertiserId: admin.advertiserId, role: "editor" });
    // the agency user now switches between both
    const asEditor = { ...agency, advertiserId: admin.advertiserId, role: "editor" as const };
    expect(await run(switchAdvertiser, agency, { advertiser_id: admin.advertiserId })).toMatchObject({
      advertiserName: "Agency Client",
      role: "editor",
    });
    expect((await refusal(run(switchAdvertiser, asEditor, { advertiser_id: stranger.advertiserId }))).code).toBe(
      "not_found",
    );
    // a member's email cannot be invited again
    expect((await refusal(run(inviteMember, admin, { email: agency.email, role: "viewer" }))).code).toBe("conflict");
  });
});

describe("invitations with email configured", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it("are emailed to the invitee with the link the admin sees, and the link joins", async () => {
    const admin = await newAdvertiser("Mail Co");
    const email = `mail-${randomBase62(8).toLowerCase()}@example.test`;
    const created = await run(inviteMember, admin, { email, role: "editor" });
    expect(created).toMatchObject({ emailed: true, emailProblem: null });
    const [mail] = await smtp.waitFor(email);
    expect(mail!.subject).toBe("You are invited to Mail Co on Sports Moment Ads");
    const link = linkIn(mail!, "/invite#");
    expect(link).toBe(created.url);
    const joined = await run(joinBySignUp, null, { token: tokenOf(link), name: "Mia Mail", password: PASSWORD });
    expect(joined.advertiserId).toBe(admin.advertiserId);
  });
});

describe("invitations when the SMTP server fails", () => {
  it("stand, with the link for the admin and the reason it was not emailed", async () => {
    // nothing listens on port 9 (discard) here: the connection is refused
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    reloadEnv();
    try {
      const admin = await newAdvertiser("Failing Mail Co");
      const email = `fail-${randomBase62(8).toLowerCase()}@example.test`;
      const created = await run(inviteMember, admin, { email, role: "viewer" });
      expect(created).toMatchObject({ emailed: false, emailProblem: "send_failed" });
      expect(await invitationByToken(tokenOf(created.url))).toMatchObject({ status: "pending", email });
    } finally {
      delete process.env.SMTP_URL;
      reloadEnv();
    }
  });
});

describe("members", () => {
  it("removing a member ends their sessions for that advertiser at once, and only those", async () => {
    const admin = await newAdvertiser("Remove Co");
    const agency = await newAdvertiser("Remove Agency");
    const { url } = await run(inviteMember, admin, { email: agency.email, role: "viewer" });
    await acceptInvitation(agency.userId, tokenOf(url));
    const user = await db().user.findUniqueOrThrow({ where: { id: agency.userId } });
    const session = { userId: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
    const forClient = cookieValue(await sessionCookieLine({ ...session, advertiserId: admin.advertiserId }));
    const forHome = cookieValue(await sessionCookieLine({ ...session, advertiserId: agency.advertiserId }));
    expect(await sessionUserFromCookie(forClient)).toEqual({
      userId: agency.userId,
      advertiserId: admin.advertiserId,
      role: "viewer",
    });
    // a role change applies to the next request of the session
    await run(changeMemberRole, admin, { user_id: agency.userId, role: "editor" });
    expect((await sessionUserFromCookie(forClient))?.role).toBe("editor");

    await run(removeMember, admin, { user_id: agency.userId });
    expect(await sessionUserFromCookie(forClient)).toBeNull();
    expect(await sessionUserFromCookie(forHome)).toEqual({
      userId: agency.userId,
      advertiserId: agency.advertiserId,
      role: "admin",
    });
    // a switch back to the advertiser is refused too
    const switched = await switchedSessionCookieLine(`${sessionCookieName()}=${forHome}`, admin.advertiserId);
    expect(switched === null || (await sessionUserFromCookie(cookieValue(switched))) === null).toBe(true);
  });

  it("keeps the last admin: neither demoted nor removed", async () => {
    const admin = await newAdvertiser("Last Admin Co");
    expect((await refusal(run(changeMemberRole, admin, { user_id: admin.userId, role: "viewer" }))).code).toBe(
      "conflict",
    );
    expect((await refusal(run(removeMember, admin, { user_id: admin.userId }))).code).toBe("conflict");
    expect(await db().membership.count({ where: { advertiserId: admin.advertiserId, role: "admin" } })).toBe(1);
  });

  it("records who invited, revoked, joined, changed a role and removed, in the change history", async () => {
    const admin = await newAdvertiser("History Co");
    const email = `member-${randomBase62(8).toLowerCase()}@example.test`;
    const first = await run(inviteMember, admin, { email, role: "viewer" });
    await run(revokeInvitation, admin, { id: first.invitation.id });
    const { url } = await run(inviteMember, admin, { email, role: "viewer" });
    const joined = await run(joinBySignUp, null, { token: tokenOf(url), name: "Hana Member", password: PASSWORD });
    await run(changeMemberRole, admin, { user_id: joined.userId, role: "editor" });
    // a role set to what it is changes nothing, and records nothing
    await run(changeMemberRole, admin, { user_id: joined.userId, role: "editor" });
    await run(removeMember, admin, { user_id: joined.userId });
    // a refused change records nothing
    await refusal(run(removeMember, admin, { user_id: admin.userId }));

    const rows = await db().change.findMany({ where: { advertiserId: admin.advertiserId }, orderBy: { id: "asc" } });
    expect(
      rows.map((row) => [row.operation, row.actorId, row.targetType, row.targetId, JSON.parse(row.fields)]),
    ).toEqual([
      [
        "inviteMember",
        admin.userId,
        "invitation",
        first.invitation.id,
        expect.objectContaining({ email: { from: null, to: email }, role: { from: null, to: "viewer" } }),
      ],
      ["revokeInvitation", admin.userId, "invitation", first.invitation.id, expect.objectContaining({})],
      ["inviteMember", admin.userId, "invitation", expect.stringMatching(/^inv_/), expect.objectContaining({})],
      ["joinBySignUp", joined.userId, "member", joined.userId, { role: { from: null, to: "viewer" } }],
      ["changeMemberRole", admin.userId, "member", joined.userId, { role: { from: "viewer", to: "editor" } }],
      ["removeMember", admin.userId, "member", joined.userId, { role: { from: "editor", to: null } }],
    ]);
  });
});
