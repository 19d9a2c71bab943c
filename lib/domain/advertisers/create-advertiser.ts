// Operator use case: an advertiser, its first dashboard user (its admin,
// docs/decisions/1426) and (unless asked not to) an API client holding every
// scope, created in one transaction. The
// password must not be easy to guess (zxcvbn, docs/decisions/1422), whoever opens
// the account: the dashboard's sign-up or the operator CLI.
import { SCOPES } from "@/lib/auth/scopes";
import { hashPassword } from "@/lib/auth/passwords";
import { requireStrongPassword } from "@/lib/auth/password-strength";
import { apiClientFieldValues, newClientCredentials } from "@/lib/auth/clients";
import { db } from "@/lib/db/client";
import { AppError, isUniqueViolation, parseInput } from "@/lib/errors";
import { changeRow, fieldChanges, SYSTEM_ACTORS } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { accountTerms } from "@/lib/domain/billing/terms";

/** A new account has paid nothing in yet. */
const NO_LEDGER = { paidInMicros: 0n, lastTopUpMicros: null };
import { createAdvertiserInput, type CreateAdvertiserInput } from "./advertisers.schemas";

/** The advertiser and its first user. */
export type CreatedAccount = { advertiser_id: string; user_id: string };
/** ...with its first API client, whose secret is returned this once. */
export type CreatedAdvertiser = CreatedAccount & { client_id: string; client_secret: string };

export type CreateAdvertiserOptions = {
  /** a demo advertiser (lib/demo), whose campaigns bid only in sandbox decisions; not offered by the API */
  sandbox?: boolean;
  /**
   * false: no API client. The dashboard's sign-up asks for none, since its user would never see
   * the secret; they create keys on the API keys page, where each secret is shown once. Default
   * true (the operator CLI, demo seeding, tests and benchmarks use the client they get back).
   */
  defaultClient?: boolean;
  /** the billing account's credit limit (self-serve sign-ups); none by default (docs/api.md, "Billing") */
  creditLimitMicros?: bigint | null;
};

export async function createAdvertiser(
  input: CreateAdvertiserInput,
  options?: CreateAdvertiserOptions & { defaultClient?: true },
): Promise<CreatedAdvertiser>;
export async function createAdvertiser(
  input: CreateAdvertiserInput,
  options: CreateAdvertiserOptions & { defaultClient: false },
): Promise<CreatedAccount>;
export async function createAdvertiser(
  input: CreateAdvertiserInput,
  options: CreateAdvertiserOptions = {},
): Promise<CreatedAccount | CreatedAdvertiser> {
  const data = parseInput(createAdvertiserInput, input);
  await requireStrongPassword(data.password, [data.email, data.name, ...(data.user_name ? [data.user_name] : [])]);
  const existing = await db().user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) throw emailTaken(data.email);
  const advertiserId = newId("adv");
  const userId = newId("usr");
  const client = options.defaultClient === false ? null : newClientCredentials();
  const passwordHash = await hashPassword(data.password);
  const createdAt = new Date();
  const defaultClient = client && { name: "Default client", scopes: SCOPES.join(" "), revokedAt: null };
  try {
    await db().$transaction([
      db().advertiser.create({
        data: {
          id: advertiserId,
          name: data.name,
          email: data.email,
          sandbox: options.sandbox ?? false,
          // invoiced; a credit limit only where one is given (self-serve sign-ups, docs/api.md "Billing")
          billingAccount: {
            create:
              options.creditLimitMicros == null
                ? {}
                : {
                    creditLimitMicros: options.creditLimitMicros,
                    ...accountTerms("invoiced", options.creditLimitMicros, NO_LEDGER),
                  },
          },
        },
      }),
      db().user.create({ data: { id: userId, email: data.email, name: data.user_name ?? data.name, passwordHash } }),
      db().membership.create({ data: { advertiserId, userId, role: "admin" } }),
      ...(client && defaultClient
        ? [
            db().apiClient.create({
              data: {
                id: client.clientId,
                advertiserId,
                name: defaultClient.name,
                secretHash: client.secretHash,
                scopes: defaultClient.scopes,
                createdAt,
              },
            }),
            // the operator's account opening (the CLI, the demo seed) is where the first key comes from
            db().change.create({
              data: {
                ...changeRow({
                  advertiserId,
                  atMs: createdAt.getTime(),
                  actor: SYSTEM_ACTORS.operator,
                  operation: "createAdvertiser",
                  target: { type: "api_client", id: client.clientId },
                  fields: fieldChanges(null, apiClientFieldValues(defaultClient)),
                }),
                atMs: BigInt(createdAt.getTime()),
              },
            }),
          ]
        : []),
    ]);
  } catch (error) {
    // two sign-ups with one email at once: the unique index decides, the loser gets the same conflict
    if (isUniqueViolation(error)) throw emailTaken(data.email);
    throw error;
  }
  const account = { advertiser_id: advertiserId, user_id: userId };
  return client ? { ...account, client_id: client.clientId, client_secret: client.clientSecret } : account;
}

function emailTaken(email: string): AppError {
  return new AppError("conflict", {
    detail: `a user with email ${email} already exists`,
    fieldErrors: [{ path: "email", message: "already registered" }],
  });
}
