// Passkeys (WebAuthn, docs/decisions/1434) through the maintained
// @simplewebauthn/server: the relying party (its id and the origin every
// response must come from, both from PUBLIC_BASE_URL), the challenge of each
// ceremony (a row used once, refused after CHALLENGE_TTL_MS), and the checks of
// an enrolment's and a sign-in's response. A sign-in response is accepted for a
// passkey of the user only, with user verification, from the expected origin, for
// a challenge issued to that user for signing in, and with a signature counter
// above the one last accepted (a cloned authenticator shows up as a counter that
// does not rise); the new counter is a conditional update, so one response wins once.
import { isIP } from "node:net";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sortableId } from "@/lib/ids";
import { logger } from "@/lib/log";

/** How long a ceremony's challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A user's unanswered challenges kept at most (a new one drops the oldest). */
export const MAX_PENDING_CHALLENGES = 5;
/** Passkeys a user may enrol. */
export const MAX_PASSKEYS = 10;
export const RP_NAME = "Sports Moment Ads";

export type CeremonyPurpose = "registration" | "authentication";

/** The relying party of PUBLIC_BASE_URL, or null when it names an IP address (WebAuthn refuses those as RP ids). */
export function relyingParty(): { rpID: string; origin: string } | null {
  const url = new URL(env().PUBLIC_BASE_URL);
  if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) return null;
  return { rpID: url.hostname, origin: url.origin };
}

function requireRelyingParty(): { rpID: string; origin: string } {
  const rp = relyingParty();
  if (!rp) {
    throw new AppError("conflict", {
      detail:
        "Passkeys need the service on a domain name: PUBLIC_BASE_URL names an IP address, which WebAuthn refuses.",
    });
  }
  return rp;
}

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "is not base64url");

/** What @simplewebauthn/browser's startRegistration answers (the fields the check reads). */
export const registrationResponseSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** What @simplewebauthn/browser's startAuthentication answers. */
export const authenticationResponseSchema = z.object({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** The challenge a response answers (from its clientDataJSON), or null. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Keeps `challenge` for the user's ceremony: expired rows go, and the oldest beyond the cap. */
async function keepChallenge(userId: string, purpose: CeremonyPurpose, challenge: string, nowMs: number) {
  const now = new Date(nowMs);
  await db().$transaction(async (tx) => {
    await tx.webauthnChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
    const older = await tx.webauthnChallenge.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      skip: MAX_PENDING_CHALLENGES - 1,
      select: { id: true },
    });
    if (older.length > 0) await tx.webauthnChallenge.deleteMany({ where: { id: { in: older.map((row) => row.id) } } });
    await tx.webauthnChallenge.create({
      data: {
        id: sortableId("wch", nowMs),
        userId,
        purpose,
        challenge,
        createdAt: now,
        expiresAt: new Date(nowMs + CHALLENGE_TTL_MS),
      },
    });
  });
}

/**
 * Uses up the challenge a response answers: true when it was issued to this user for this
 * ceremony and has not expired. Deleted whether the response then checks out or not: each
 * challenge gets one answer.
 */
export async function claimChallenge(
  userId: string,
  purpose: CeremonyPurpose,
  challenge: string | null,
  nowMs: number,
): Promise<boolean> {
  if (!challenge) return false;
  const { count } = await db().webauthnChallenge.deleteMany({
    where: { challenge, userId, purpose, expiresAt: { gt: new Date(nowMs) } },
  });
  return count === 1;
}

type StoredPasskey = { id: string; transports: string };

const transportsOf = (row: StoredPasskey) => row.transports.split(" ").filter(Boolean);

/** The options of an enrolment (the browser's navigator.credentials.create), its challenge kept. */
export async function registrationOptions(
  user: { id: string; email: string; name: string },
  existing: readonly StoredPasskey[],
  nowMs: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = requireRelyingParty();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
  });
  await keepChallenge(user.id, "registration", options.challenge, nowMs);
  return options;
}

/** The options of a sign-in with one of the user's passkeys (navigator.credentials.get), its challenge kept. */
export async function authenticationOptions(
  userId: string,
  passkeys: readonly StoredPasskey[],
  nowMs: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = requireRelyingParty();
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: CHALLENGE_TTL_MS,
    userVerification: "required",
    allowCredentials: passkeys.map((row) => ({ id: row.id, transports: transportsOf(row) })),
  });
  await keepChallenge(userId, "authentication", options.challenge, nowMs);
  return options;
}

export type VerifiedPasskey = {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
};

/** Checks an enrolment's response (its challenge used up); the new passkey, or a 422. */
export async function verifyEnrolment(
  userId: string,
  response: z.infer<typeof registrationResponseSchema>,
  nowMs: number,
): Promise<VerifiedPasskey> {
  const { rpID, origin } = requireRelyingParty();
  const refused = (why: string) =>
    new AppError("validation_failed", {
      detail: `The passkey was not enrolled: ${why} Start again.`,
      fieldErrors: [{ path: "response", message: why }],
    });
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await claimChallenge(userId, "registration", challenge, nowMs))) {
    throw refused("the enrolment expired or was answered already.");
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge ?? "",
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    logger().info({ err: error, userId }, "passkey enrolment refused");
    throw refused("the authenticator's answer did not check out.");
  }
  if (!verified.verified) throw refused("the authenticator's answer did not check out.");
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: (credential.transports ?? response.response.transports ?? []).slice(0, 10),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

/**
 * The second step of a sign-in with a passkey: true when `raw` (the JSON of the browser's
 * response) answers a sign-in challenge issued to this user, not expired and not answered
 * before, with one of their passkeys, verified, from the expected origin, and with a counter
 * above the last one accepted (then it becomes the last).
 */
export async function verifyPasskeySignIn(userId: string, raw: string, nowMs: number): Promise<boolean> {
  const rp = relyingParty();
  if (!rp) return false;
  let parsed;
  try {
    parsed = authenticationResponseSchema.safeParse(JSON.parse(raw));
  } catch {
    return false;
  }
  if (!parsed.success) return false;
  const response = parsed.data;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await claimChallenge(userId, "authentication", challenge, nowMs))) return false;
  const passkey = await db().passkey.findFirst({ where: { id: response.id, userId } });
  if (!passkey) return false;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge ?? "",
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
    });
  } catch (error) {
    logger().info({ err: error, userId, passkeyId: passkey.id }, "passkey sign-in refused");
    return false;
  }
  if (!verified.verified) return false;
  const { count } = await db().passkey.updateMany({
    where: { id: passkey.id, userId, counter: passkey.counter },
    data: { counter: BigInt(verified.authenticationInfo.newCounter), lastUsedAt: new Date(nowMs) },
  });
  return count === 1;
}
