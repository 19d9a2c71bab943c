// Operator CLI (docs/operators.md, "Operator CLI"): prints one JSON object on stdout; on failure one JSON
// object on stderr ({"error", "message"}, with "fields" or "usage" when there are) and exit 1.
// Passwords never come from the command line (other users see it in `ps`, shells keep it in
// their history): --password-stdin reads the first line of standard input, as
// `docker login --password-stdin` does.
//   printf '%s\n' "$PASSWORD" | npm run admin -- create-advertiser --name N --email E --password-stdin
//   npm run admin -- create-client --advertiser ID [--scopes "a b"] [--name N]
//   npm run admin -- revoke-client --client ID
//   npm run admin -- create-platform-key --name N
//   npm run admin -- revoke-platform-key --key-id ID
//   printf '%s\n' "$PASSWORD" | npm run admin -- reset-password --email E --password-stdin
//   npm run admin -- rotate-signing-key
//   npm run admin -- retire-signing-key --kid KID
//   npm run admin -- rotate-session-secret
//   npm run admin -- add-funds --advertiser ID --amount USD --reference R
//   npm run admin -- set-billing --advertiser ID --mode invoiced|prepaid [--credit-limit USD|none]
//   npm run admin -- record-payment --invoice NUMBER --amount USD --reference R
//   npm run admin -- credit-invoice --invoice NUMBER --amount USD --reason R
//   npm run admin -- issue-invoices [--month YYYY-MM]
//   npm run admin -- set-advertiser-category --advertiser ID --category general|gambling|alcohol
//   npm run admin -- set-licensed-regions --advertiser ID --regions "US-NJ US-PA"
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CLIENT_STATUS_CACHE_MS, createClient, revokeClient } from "@/lib/auth/clients";
import { createPlatformKey, revokePlatformKey } from "@/lib/auth/platform-keys";
import { splitScopes } from "@/lib/auth/scopes";
import { rotateSessionSecret, SESSION_SECRET_TTL_MS } from "@/lib/auth/session-secret";
import { retireSigningKey, rotateSigningKey } from "@/lib/auth/signing-keys";
import { disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { PLATFORM_KEY_CACHE_MS } from "@/lib/delivery/platform-auth";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { addFunds, recordPayment, setBilling } from "@/lib/domain/billing/accounts";
import { creditInvoice, issueInvoices } from "@/lib/domain/billing/invoices";
import { previousMonth } from "@/lib/domain/billing/months";
import {
  setAdvertiserCategory,
  setLicensedRegions,
  type AdvertiserJurisdiction,
} from "@/lib/domain/advertisers/set-jurisdiction";
import { resetPassword } from "@/lib/domain/users/reset-password";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

const USAGE = `usage: npm run admin -- <command> [options]
  create-advertiser --name N --email E --password-stdin [--sandbox]   (the password: the first line of standard input;
    --sandbox: a sandbox advertiser, whose auctions never count and which alone may use AdCP's compliance test controller)
  create-client --advertiser ID [--scopes "campaigns:read campaigns:write reporting:read"] [--name N]
  revoke-client --client ID      (no new token; its tokens stop working within 30 s on every instance)
  create-platform-key --name N   (prints the key once, and its key_id for revoke-platform-key)
  revoke-platform-key --key-id ID (decisions with the key are refused within 30 s on every instance)
  reset-password --email E --password-stdin   (ends every dashboard session of the user)
  rotate-signing-key
  retire-signing-key --kid KID   (at once: its tokens stop verifying; other instances within a minute)
  rotate-session-secret          (signs everyone out of the dashboard: other instances within a minute)
  add-funds --advertiser ID --amount USD --reference R   (a prepaid top-up)
  set-billing --advertiser ID --mode invoiced|prepaid [--credit-limit USD|none]
  record-payment --invoice NUMBER --amount USD --reference R
  credit-invoice --invoice NUMBER --amount USD --reason R   (a credit note: issued invoices never change)
  issue-invoices [--month YYYY-MM]   (the invoices and statements of a closed UTC month; default: the last one)
  set-advertiser-category --advertiser ID --category general|gambling|alcohol
  set-licensed-regions --advertiser ID --regions "US-NJ US-PA"   ("none": no licence; other instances within 1 s)
Passwords are never taken from the command line: pipe them, e.g. printf '%s\\n' "$PASSWORD" | npm run admin -- ...`;

class UsageError extends Error {}

/** A USD amount argument: a plain decimal number (the operation checks its range and decimals). */
function amount(text: string): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new UsageError(`not an amount in USD: ${text} (for example 250 or 99.95)`);
  return Number(text);
}

/** The longest first line read from standard input (a password is at most 200 characters). */
const STDIN_LIMIT = 4096;

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

/** What a command reads its password from: the process's standard input, or text a test gives. */
type Input = AsyncIterable<string | Buffer> | Iterable<string>;

/**
 * The first line of standard input, without its line ending (a password piped in, as `docker
 * login --password-stdin` takes it). Anything after the first line is ignored.
 */
async function firstLineOf(stdin: Input): Promise<string> {
  let text = "";
  for await (const chunk of stdin) {
    text += Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk);
    if (text.includes("\n") || text.length > STDIN_LIMIT) break;
  }
  const line = text.split("\n")[0]!.replace(/\r$/, "");
  if (line.length > STDIN_LIMIT) throw new UsageError("the first line of standard input is too long for a password");
  return line;
}

/** The password of a command that takes one: --password-stdin, never an argument. */
async function passwordFromStdin(values: { "password-stdin"?: boolean }, stdin: Input): Promise<string> {
  if (!values["password-stdin"]) {
    throw new UsageError(
      "--password-stdin is required: pipe the password on standard input (printf '%s\\n' \"$PASSWORD\" | npm run admin -- ...)",
    );
  }
  const password = await firstLineOf(stdin);
  if (!password) throw new UsageError("--password-stdin: standard input has no password on its first line");
  return password;
}

async function run(command: string | undefined, args: string[], stdin: Input): Promise<unknown> {
  // a password on the command line is already exposed (ps, shell history): refused, whatever else is wrong
  if (args.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
    throw new UsageError(
      "--password is not accepted: a password in the arguments is visible to other users and kept in shell history. Use --password-stdin and pipe it on standard input.",
    );
  }
  const { values } = parseArgs({
    args,
    options: {
      name: { type: "string" },
      email: { type: "string" },
      "password-stdin": { type: "boolean" },
      sandbox: { type: "boolean" },
      advertiser: { type: "string" },
      client: { type: "string" },
      "key-id": { type: "string" },
      scopes: { type: "string" },
      kid: { type: "string" },
      amount: { type: "string" },
      reference: { type: "string" },
      mode: { type: "string" },
      "credit-limit": { type: "string" },
      invoice: { type: "string" },
      reason: { type: "string" },
      month: { type: "string" },
      category: { type: "string" },
      regions: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  switch (command) {
    case "create-advertiser": {
      const name = required(values, "name");
      const email = required(values, "email");
      const created = await createAdvertiser(
        { name, email, password: await passwordFromStdin(values, stdin) },
        { sandbox: values.sandbox === true },
      );
      return {
        advertiser_id: created.advertiser_id,
        client_id: created.client_id,
        client_secret: created.client_secret,
      };
    }
    case "create-client": {
      const created = await createClient(required(values, "advertiser"), {
        name: values.name,
        scopes: values.scopes === undefined ? undefined : splitScopes(values.scopes),
      });
      return { client_id: created.clientId, client_secret: created.clientSecret };
    }
    case "revoke-client": {
      const revoked = await revokeClient(required(values, "client"));
      return {
        client_id: revoked.clientId,
        revoked_at: revoked.revokedAt.toISOString(),
        other_instances_within_s: CLIENT_STATUS_CACHE_MS / 1000,
      };
    }
    case "create-platform-key": {
      const created = await createPlatformKey(required(values, "name"));
      return { key_id: created.id, key: created.key };
    }
    case "revoke-platform-key": {
      const revoked = await revokePlatformKey(required(values, "key-id"));
      return {
        key_id: revoked.id,
        revoked_at: revoked.revokedAt.toISOString(),
        other_instances_within_s: PLATFORM_KEY_CACHE_MS / 1000,
      };
    }
    case "reset-password": {
      const email = required(values, "email");
      const reset = await resetPassword({ email, password: await passwordFromStdin(values, stdin) });
      return { user_id: reset.user_id, email: reset.email, sessions_ended: true };
    }
    case "rotate-signing-key":
      return { kid: await rotateSigningKey() };
    case "retire-signing-key": {
      const { retired, signingKid } = await retireSigningKey(required(values, "kid"));
      return { retired_kid: retired, signing_kid: signingKid };
    }
    case "rotate-session-secret":
      await rotateSessionSecret();
      return { rotated: "session_secret", other_instances_within_s: SESSION_SECRET_TTL_MS / 1000 };
    case "add-funds":
      return addFunds({
        advertiser_id: required(values, "advertiser"),
        amount_usd: amount(required(values, "amount")),
        reference: required(values, "reference"),
      });
    case "set-billing": {
      const limit = values["credit-limit"];
      return setBilling({
        advertiser_id: required(values, "advertiser"),
        mode: required(values, "mode"),
        ...(limit === undefined ? {} : { credit_limit_usd: limit === "none" ? null : amount(limit) }),
      });
    }
    case "record-payment":
      return recordPayment({
        invoice_number: required(values, "invoice"),
        amount_usd: amount(required(values, "amount")),
        reference: required(values, "reference"),
      });
    case "credit-invoice":
      return creditInvoice({
        invoice_number: required(values, "invoice"),
        amount_usd: amount(required(values, "amount")),
        reason: required(values, "reason"),
      });
    case "issue-invoices":
      return issueInvoices({ month: values.month ?? previousMonth(Date.now()) });
    case "set-advertiser-category":
      return jurisdictionView(
        await setAdvertiserCategory(required(values, "advertiser"), required(values, "category")),
      );
    case "set-licensed-regions": {
      if (typeof values.regions !== "string") throw new UsageError("--regions is required");
      return jurisdictionView(await setLicensedRegions(required(values, "advertiser"), values.regions));
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "a command is required");
  }
}

function jurisdictionView(jurisdiction: AdvertiserJurisdiction) {
  return {
    advertiser_id: jurisdiction.advertiserId,
    category: jurisdiction.category,
    licensed_regions: jurisdiction.licensedRegions,
  };
}

/** The failure as one JSON object: a code, a message, and the fields or the usage when they help. */
function errorBody(error: unknown): Record<string, unknown> {
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
    return { error: "usage", message: error.message, usage: USAGE };
  }
  if (error instanceof AppError) {
    const fields = error.fieldErrors?.map((field) => ({ path: field.path, message: field.message }));
    return { error: error.code, message: error.detail, ...(fields?.length ? { fields } : {}) };
  }
  return { error: "internal_error", message: error instanceof Error ? error.message : String(error) };
}

export type AdminResult = { code: 0 | 1; stdout: string; stderr: string };

/**
 * One command, `argv` as after `npm run admin --`, on the database of DATABASE_URL (already
 * migrated): what it prints on stdout (one JSON line) or stderr, and its exit code. The process
 * below runs it after the migrations; the tests call it in-process.
 */
export async function runAdmin(argv: readonly string[], stdin: Input): Promise<AdminResult> {
  const [command, ...args] = argv;
  try {
    const result = await run(command, args, stdin);
    return { code: 0, stdout: `${JSON.stringify(result)}\n`, stderr: "" };
  } catch (error) {
    return { code: 1, stdout: "", stderr: `${JSON.stringify(errorBody(error))}\n` };
  }
}

async function main() {
  let result: AdminResult;
  try {
    await deployMigrations(env().DATABASE_URL);
    result = await runAdmin(process.argv.slice(2), process.stdin);
  } catch (error) {
    result = { code: 1, stdout: "", stderr: `${JSON.stringify(errorBody(error))}\n` };
  } finally {
    await disconnectDb();
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  // A pg connection the schema engine used can linger until its idle timeout: a CLI just exits.
  process.exit(result.code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
