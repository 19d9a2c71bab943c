// The dashboard's sign-up (a server action): the advertiser and its user, and no
// API client (its secret would never be shown); the operator's createAdvertiser
// keeps making its default client; a taken email is a field error.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { signUp } from "./actions";

const email = () => `signup-${randomBase62(10).toLowerCase()}@example.test`;
const PASSWORD = "correct horse battery";

describe("dashboard sign-up", () => {
  it("creates the advertiser and its user, and no API client", async () => {
    const address = email();
    expect(await signUp({ name: "Sign-up Co", email: address, password: PASSWORD })).toEqual({
      ok: true,
      fieldErrors: {},
    });
    const user = await db().user.findUniqueOrThrow({ where: { email: address } });
    expect(await db().advertiser.count({ where: { id: user.advertiserId } })).toBe(1);
    expect(await db().apiClient.count({ where: { advertiserId: user.advertiserId } })).toBe(0);
  });

  it("leaves the operator's createAdvertiser with its default client holding every scope", async () => {
    const created = await createAdvertiser({ name: "CLI Co", email: email(), password: PASSWORD });
    const clients = await db().apiClient.findMany({ where: { advertiserId: created.advertiser_id } });
    expect(clients.map((client) => [client.id, client.name, client.scopes])).toEqual([
      [created.client_id, "Default client", "campaigns:read campaigns:write reporting:read"],
    ]);
    expect(created.client_secret.length).toBeGreaterThan(20);
  });

  it("answers a taken email and a short password as field errors", async () => {
    const address = email();
    await signUp({ name: "First Co", email: address, password: PASSWORD });
    const taken = await signUp({ name: "Second Co", email: address, password: PASSWORD });
    expect(taken.ok).toBe(false);
    expect(taken.fieldErrors.email).toBe("An account with this email already exists. Sign in instead.");
    const short = await signUp({ name: "Third Co", email: email(), password: "short" });
    expect(short.fieldErrors.password).toBe("At least 10 characters");
  });
});
