// Operator CLI (docs/api.md): prints JSON on stdout; exits 1 with a message on stderr.
//   npm run admin -- create-advertiser --name N --email E --password P
//   npm run admin -- create-client --advertiser ID [--scopes "a b"] [--name N]
//   npm run admin -- create-platform-key --name N
//   npm run admin -- rotate-signing-key
//   npm run admin -- retire-signing-key --kid KID
//   npm run admin -- rotate-session-secret
import { parseArgs } from "node:util";
import { createClient } from "@/lib/auth/clients";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { splitScopes } from "@/lib/auth/scopes";
import { rotateSessionSecret, SESSION_SECRET_TTL_MS } from "@/lib/auth/session-secret";
import { retireSigningKey, rotateSigningKey } from "@/lib/auth/signing-keys";
import { disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

const USAGE = `usage: npm run admin -- <command> [options]
  create-advertiser --name N --email E --password P
  create-client --advertiser ID [--scopes "campaigns:read campaigns:write reporting:read"] [--name N]
  create-platform-key --name N
  rotate-signing-key
  retire-signing-key --kid KID   (at once: its tokens stop verifying; other instances within a minute)
  rotate-session-secret          (signs everyone out of the dashboard: other instances within a minute)`;

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (value === undefined || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

async function run(command: string | undefined, args: string[]): Promise<unknown> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      advertiser: { type: "string" },
      scopes: { type: "string" },
      kid: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  switch (command) {
    case "create-advertiser": {
      const created = await createAdvertiser({
        name: required(values, "name"),
        email: required(values, "email"),
        password: required(values, "password"),
      });
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
    case "create-platform-key": {
      const created = await createPlatformKey(required(values, "name"));
      return { key: created.key };
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
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "a command is required");
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  try {
    await deployMigrations(env().DATABASE_URL);
    const result = await run(command, args);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
      process.stderr.write(`error: ${error.message}\n${USAGE}\n`);
    } else if (error instanceof AppError) {
      const fields = error.fieldErrors?.map((field) => `  ${field.path}: ${field.message}`).join("\n");
      process.stderr.write(`error: ${error.detail}${fields ? `\n${fields}` : ""}\n`);
    } else {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exitCode = 1;
  } finally {
    await disconnectDb();
  }
  // A pg connection the schema engine used can linger until its idle timeout: a CLI just exits.
  process.exit();
}

void main();
