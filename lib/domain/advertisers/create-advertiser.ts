// Operator use case: an advertiser, its first dashboard user and an API client
// holding every scope, created in one transaction.
import { SCOPES } from "@/lib/auth/scopes";
import { hashPassword } from "@/lib/auth/passwords";
import { newClientCredentials } from "@/lib/auth/clients";
import { db } from "@/lib/db/client";
import { AppError, isUniqueViolation, parseInput } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { createAdvertiserInput, type CreateAdvertiserInput } from "./advertisers.schemas";

export type CreatedAdvertiser = { advertiser_id: string; user_id: string; client_id: string; client_secret: string };

/** `sandbox`: a demo advertiser (lib/demo), whose campaigns bid only in sandbox decisions; not offered by the API. */
export async function createAdvertiser(
  input: CreateAdvertiserInput,
  options: { sandbox?: boolean } = {},
): Promise<CreatedAdvertiser> {
  const data = parseInput(createAdvertiserInput, input);
  const existing = await db().user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) throw emailTaken(data.email);
  const advertiserId = newId("adv");
  const userId = newId("usr");
  const { clientId, clientSecret, secretHash } = newClientCredentials();
  const passwordHash = await hashPassword(data.password);
  try {
    await db().$transaction([
      db().advertiser.create({
        data: { id: advertiserId, name: data.name, email: data.email, sandbox: options.sandbox ?? false },
      }),
      db().user.create({ data: { id: userId, advertiserId, email: data.email, name: data.name, passwordHash } }),
      db().apiClient.create({
        data: { id: clientId, advertiserId, name: "Default client", secretHash, scopes: SCOPES.join(" ") },
      }),
    ]);
  } catch (error) {
    // two sign-ups with one email at once: the unique index decides, the loser gets the same conflict
    if (isUniqueViolation(error)) throw emailTaken(data.email);
    throw error;
  }
  return { advertiser_id: advertiserId, user_id: userId, client_id: clientId, client_secret: clientSecret };
}

function emailTaken(email: string): AppError {
  return new AppError("conflict", {
    detail: `a user with email ${email} already exists`,
    fieldErrors: [{ path: "email", message: "already registered" }],
  });
}
