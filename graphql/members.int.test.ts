// Teams over GraphQL with real sessions (next-auth's route, the session cookie;
// docs/decisions/1009, 1219, 1426): signing in through an invitation joins and
// selects its advertiser; Viewer lists the memberships with the current one;
// switchAdvertiser answers a cookie selecting the other; the role of the selected
// advertiser decides (a viewer's campaign change is FORBIDDEN role_required, an
// admin's members list answers); removal ends the session for that advertiser.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { gqlWithJar, signIn, type Jar } from "@/test/dashboard-session";

const PASSWORD = "correct horse battery";

async function newAdmin(name: string) {
  const email = `team-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name, email, password: PASSWORD }, { defaultClient: false });
  const jar: Jar = new Map();
  await signIn(jar, email, PASSWORD, "198.19.0.1");
  return { email, jar, advertiserId: created.advertiser_id, userId: created.user_id };
}

const VIEWER = "{ viewer { role advertiser { name } memberships { advertiserName role current } } }";

describe("teams over GraphQL", () => {
  it("joins through an invitation at sign-in, switches, and acts with the selected advertiser's role", async () => {
    const client = await newAdmin("GraphQL Client");
    const agency = await newAdmin("GraphQL Agency");
    const invited = await gqlWithJar(
      client.jar,
      `mutation($input: InviteMemberInput!) { inviteMember(input: $input) { url emailed emailProblem userErrors { code } } }`,
      { input: { email: agency.email, role: "VIEWER" } },
    );
    expect(invited.body.data.inviteMember).toMatchObject({ emailed: false, emailProblem: "NOT_CONFIGURED" });
    const token = String(invited.body.data.inviteMember.url).split("/invite#")[1]!;

    const jar: Jar = new Map();
    const url = await signIn(jar, agency.email, PASSWORD, "198.19.0.2", token);
    expect(url).not.toContain("error=");
    const viewer = await gqlWithJar(jar, VIEWER);
    expect(viewer.body.data.viewer).toEqual({
      role: "VIEWER",
      advertiser: { name: "GraphQL Client" },
      memberships: expect.arrayContaining([
        { advertiserName: "GraphQL Client", role: "VIEWER", current: true },
        { advertiserName: "GraphQL Agency", role: "ADMIN", current: false },
      ]),
    });
    // a viewer: reads, changes nothing, and is told in roles
    const refused = await gqlWithJar(jar, "{ members { email } }");
    expect(refused.body.errors[0].extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "role_required" });
    expect(refused.body.errors[0].message).toContain("needs admin");

    const switched = await gqlWithJar(
      jar,
      `mutation($input: SwitchAdvertiserInput!) { switchAdvertiser(input: $input) { membership { advertiserName current } userErrors { code } } }`,
      { input: { advertiserId: agency.advertiserId } },
    );
    expect(switched.body.data.switchAdvertiser.membership).toEqual({ advertiserName: "GraphQL Agency", current: true });
    expect((await gqlWithJar(jar, VIEWER)).body.data.viewer).toMatchObject({
      role: "ADMIN",
      advertiser: { name: "GraphQL Agency" },
    });
    expect((await gqlWithJar(jar, "{ members { email } }")).body.data.members).toEqual([{ email: agency.email }]);

    // back to the client, then removed from it: that session ends, a sign-in lands on the agency
    await gqlWithJar(
      jar,
      `mutation($input: SwitchAdvertiserInput!) { switchAdvertiser(input: $input) { membership { advertiserName } } }`,
      { input: { advertiserId: client.advertiserId } },
    );
    const removed = await gqlWithJar(
      client.jar,
      `mutation($input: RemoveMemberInput!) { removeMember(input: $input) { removedUserId userErrors { code } } }`,
      { input: { userId: agency.userId } },
    );
    expect(removed.body.data.removeMember.removedUserId).toBe(agency.userId);
    const gone = await gqlWithJar(jar, "{ viewer { advertiser { name } } }");
    expect(gone.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(await db().membership.count({ where: { userId: agency.userId } })).toBe(1);
    const again: Jar = new Map();
    await signIn(again, agency.email, PASSWORD, "198.19.0.3");
    expect((await gqlWithJar(again, VIEWER)).body.data.viewer.advertiser).toEqual({ name: "GraphQL Agency" });
  });

  it("refuses to switch to an advertiser the user does not belong to", async () => {
    const one = await newAdmin("Switch One");
    const other = await newAdmin("Switch Other");
    const res = await gqlWithJar(
      one.jar,
      `mutation($input: SwitchAdvertiserInput!) { switchAdvertiser(input: $input) { membership { advertiserName } userErrors { code } } }`,
      { input: { advertiserId: other.advertiserId } },
    );
    expect(res.body.data?.switchAdvertiser?.membership ?? null).toBeNull();
    expect(JSON.stringify(res.body)).toContain("NOT_FOUND");
    expect((await gqlWithJar(one.jar, VIEWER)).body.data.viewer.advertiser).toEqual({ name: "Switch One" });
  });

  it("updateAccount's name and time zone are what Viewer.user answers next", async () => {
    const me = await newAdmin("Zone Co");
    expect((await gqlWithJar(me.jar, "{ viewer { user { name timeZone } } }")).body.data.viewer.user).toEqual({
      name: "Zone Co",
      timeZone: "UTC",
    });
    const updated = await gqlWithJar(
      me.jar,
      `mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { user { name timeZone } userErrors { code } } }`,
      { input: { name: "Zed", timeZone: "America/New_York" } },
    );
    expect(updated.body.data.updateAccount.user).toEqual({ name: "Zed", timeZone: "America/New_York" });
    expect((await gqlWithJar(me.jar, "{ viewer { user { name timeZone } } }")).body.data.viewer.user).toEqual({
      name: "Zed",
      timeZone: "America/New_York",
    });
  });
});
