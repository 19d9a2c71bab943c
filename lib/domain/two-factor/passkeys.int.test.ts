// Passkeys as a second factor (docs/decisions/1434), with a software
// authenticator answering the service's real WebAuthn options: each ceremony's
// challenge works once (a replayed answer is refused), not after it expires,
// and only from the service's origin; the signature counter must rise; a
// passkey satisfies an admin's requirement and a password reset does not skip
// it; adding and removing one is in the history and emailed to the user.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "@/lib/auth/next-auth";
import { hashPassword } from "@/lib/auth/passwords";
import { sessionActor, type SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { getSessionUser } from "@/lib/domain/users/get-session-user";
import { resetPassword } from "@/lib/domain/users/reset-password";
import { newId, randomBase62 } from "@/lib/ids";
import { invoke } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { SoftAuthenticator } from "@/test/factories/webauthn";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import {
  finishPasskeyEnrolment,
  listPasskeys,
  removePasskey,
  startPasskeyEnrolment,
  startPasskeySignIn,
} from "./passkeys";
import { setTwoFactorRequirement } from "./two-factor";
import { CHALLENGE_TTL_MS, relyingParty } from "./webauthn";

const PASSWORD = "correct horse battery";
const ORIGIN = "http://sma.test"; // test/setup-db.ts's PUBLIC_BASE_URL
const log = pino({ level: "silent" });
let sequence = 0;

function run<O extends AnyOperation>(
  operation: O,
  user: SessionUser | null,
  raw: unknown,
  clock: () => number = Date.now,
) {
  return invoke(
    operation,
    {
      actor: user ? sessionActor(user) : null,
      requestId: `req_pk_${++sequence}`,
      log,
      clock,
      clientAddress: `203.0.113.${sequence % 200}`,
    },
    raw,
  );
}

const ip = () => `198.18.1.${++sequence % 250}`;

async function account() {
  const email = `passkey-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Key Co", email, password: PASSWORD }, { defaultClient: false });
  const user: SessionUser = { userId: created.user_id, advertiserId: created.advertiser_id, role: "admin" };
  return { email, user };
}

async function enrol(user: SessionUser, name = "Laptop") {
  const authenticator = new SoftAuthenticator();
  const options = await run(startPasskeyEnrolment, user, {});
  const response = authenticator.register(options, ORIGIN);
  await run(finishPasskeyEnrolment, user, { name, response });
  return authenticator;
}

/** The sign-in options for the password, answered by `authenticator` from `origin`. */
async function passkeyAnswer(
  email: string,
  authenticator: SoftAuthenticator,
  { origin = ORIGIN, clock = Date.now }: { origin?: string; clock?: () => number } = {},
) {
  const options = await run(startPasskeySignIn, null, { email, password: PASSWORD }, clock);
  return authenticator.assert(options, origin);
}

describe("passkeys", () => {
  it("the relying party is PUBLIC_BASE_URL's host and origin", () => {
    expect(relyingParty()).toEqual({ rpID: "sma.test", origin: ORIGIN });
  });

  it("enrols a passkey, asks for it at sign-in, and accepts each answer once", async () => {
    const { email, user } = await account();
    const authenticator = await enrol(user);
    const listed = await run(listPasskeys, user, {});
    expect(listed).toMatchObject([{ id: authenticator.id, name: "Laptop", lastUsedAt: null }]);
    await expect(signIn({ email, password: PASSWORD }, ip())).rejects.toThrow("TwoFactorRequired");
    const answer = await passkeyAnswer(email, authenticator);
    expect(await signIn({ email, password: PASSWORD, passkey: answer }, ip())).not.toBeNull();
    // replayed: its challenge is used up
    expect(await signIn({ email, password: PASSWORD, passkey: answer }, ip())).toBeNull();
    // the password is still needed beside the passkey
    const next = await passkeyAnswer(email, authenticator);
    expect(await signIn({ email, password: "not the password", passkey: next }, ip())).toBeNull();
    expect((await run(listPasskeys, user, {}))[0]!.lastUsedAt).not.toBeNull();
  });

  it("refuses an answer to an expired challenge", async () => {
    const { email, user } = await account();
    const authenticator = await enrol(user);
    const issuedAt = Date.now() - CHALLENGE_TTL_MS - 1_000;
    const late = await passkeyAnswer(email, authenticator, { clock: () => issuedAt });
    expect(await signIn({ email, password: PASSWORD, passkey: late }, ip())).toBeNull();
  });

  it("refuses an answer from another origin, and that challenge is spent", async () => {
    const { email, user } = await account();
    const authenticator = await enrol(user);
    const options = await run(startPasskeySignIn, null, { email, password: PASSWORD });
    const phished = authenticator.assert(options, "https://sma-login.example");
    expect(await signIn({ email, password: PASSWORD, passkey: phished }, ip())).toBeNull();
    const right = authenticator.assert(options, ORIGIN);
    expect(await signIn({ email, password: PASSWORD, passkey: right }, ip())).toBeNull();
  });

  it("refuses a signature counter that does not rise (a cloned authenticator)", async () => {
    const { email, user } = await account();
    const authenticator = await enrol(user);
    expect(
      await signIn({ email, password: PASSWORD, passkey: await passkeyAnswer(email, authenticator) }, ip()),
    ).not.toBeNull();
    const options = await run(startPasskeySignIn, null, { email, password: PASSWORD });
    const cloned = authenticator.assert(options, ORIGIN, { bumpCounter: false });
    expect(await signIn({ email, password: PASSWORD, passkey: cloned }, ip())).toBeNull();
  });

  it("refuses another user's passkey, and an enrolment answered twice", async () => {
    const { email } = await account();
    const other = await account();
    const stranger = await enrol(other.user);
    // a user with no passkey gets no passkey challenge
    await expect(run(startPasskeySignIn, null, { email, password: PASSWORD })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(run(startPasskeySignIn, null, { email: other.email, password: "wrong" })).rejects.toMatchObject({
      code: "unauthorized",
    });
    const { user } = await account();
    const options = await run(startPasskeyEnrolment, user, {});
    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(options, ORIGIN);
    await run(finishPasskeyEnrolment, user, { name: "Phone", response });
    await expect(run(finishPasskeyEnrolment, user, { name: "Phone again", response })).rejects.toMatchObject({
      code: "validation_failed",
    });
    // the other user's challenge answered with this user's passkey
    const otherOptions = await run(startPasskeySignIn, null, { email: other.email, password: PASSWORD });
    const foreign = authenticator.assert(otherOptions, ORIGIN);
    expect(await signIn({ email: other.email, password: PASSWORD, passkey: foreign }, ip())).toBeNull();
    // while the other user's own passkey signs them in
    expect(
      await signIn(
        { email: other.email, password: PASSWORD, passkey: await passkeyAnswer(other.email, stranger) },
        ip(),
      ),
    ).not.toBeNull();
  });

  it("satisfies an admin's requirement; the last one cannot go while it stands; a reset does not skip it", async () => {
    const { user: admin } = await account();
    await enrol(admin);
    const memberEmail = `m-${randomBase62(8).toLowerCase()}@example.test`;
    const member = await db().user.create({
      data: { id: newId("usr"), email: memberEmail, name: "M", passwordHash: await hashPassword(PASSWORD) },
    });
    await db().membership.create({ data: { advertiserId: admin.advertiserId, userId: member.id, role: "editor" } });
    await run(setTwoFactorRequirement, admin, { required: true });
    expect((await getSessionUser(member.id, admin.advertiserId))!.twoFactorPending).toBe(true);
    const memberUser: SessionUser = { userId: member.id, advertiserId: admin.advertiserId, role: "editor" };
    const pending: SessionUser = { ...memberUser, twoFactorPending: true };
    const authenticator = await enrol(pending, "Security key");
    expect((await getSessionUser(member.id, admin.advertiserId))!.twoFactorPending).toBe(false);
    await expect(run(removePasskey, memberUser, { id: authenticator.id, password: PASSWORD })).rejects.toMatchObject({
      code: "conflict",
    });
    await resetPassword({ email: memberEmail, password: "another horse battery staple" });
    await expect(signIn({ email: memberEmail, password: "another horse battery staple" }, ip())).rejects.toThrow(
      "TwoFactorRequired",
    );
  });
});

describe("passkey changes are in the history and emailed to the user", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  it("records and emails the enrolment and the removal (which needs the password)", async () => {
    const { email, user } = await account();
    const authenticator = await enrol(user, "Work laptop");
    await expect(run(removePasskey, user, { id: authenticator.id, password: "wrong" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await run(removePasskey, user, { id: authenticator.id, password: PASSWORD });
    expect(await run(listPasskeys, user, {})).toEqual([]);
    const rows = await db().change.findMany({
      where: { advertiserId: user.advertiserId, targetType: "member" },
      orderBy: { atMs: "asc" },
    });
    expect(rows.map((row) => [row.operation, row.targetId])).toEqual([
      ["addPasskey", user.userId],
      ["removePasskey", user.userId],
    ]);
    const mails = await smtp.waitFor(email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "A passkey was added to your Sports Moment Ads account",
      "A passkey was removed from your Sports Moment Ads account",
    ]);
    expect(mails[0]!.text).toContain('"Work laptop"');
    // nothing left: the password alone signs in again
    expect(await signIn({ email, password: PASSWORD }, ip())).not.toBeNull();
  });
});
