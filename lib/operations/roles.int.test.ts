// Every operation of the catalog against every member role (docs/decisions/1009):
// the table below says, for each operation, the least role a dashboard session
// needs (null: public, anyone). invoke() must refuse each role below it with 403
// role_required before anything else, and let each role at or above it through
// (whatever the empty input then earns: a field error, not found, or a result,
// never a refusal for its role or its scopes, never a fault). A new operation
// fails here until the table names its role.
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, roleAtLeast, type Role } from "@/lib/auth/roles";
import { sessionActor } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { AppError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { OPERATIONS, type OperationName } from "./catalog";
import { invoke } from "./invoke";
import { roleOf, type Caller } from "./operation";

const ROLE_TABLE: Record<OperationName, Role | null> = {
  signUp: null,
  // any member may deny; approving is an admin's (decideAuthorization, tested in lib/auth/oauth)
  answerAuthorization: "viewer",
  getViewer: "viewer",
  getAdvertiser: "viewer",
  getAdvertiserToday: "viewer",
  listCampaigns: "viewer",
  listCampaignConnection: "viewer",
  getCampaign: "viewer",
  getCreative: "viewer",
  createCampaign: "editor",
  previewCampaignCreate: "editor",
  updateCampaign: "editor",
  previewCampaignUpdate: "editor",
  cancelCampaign: "editor",
  addCreativeVariant: "editor",
  listMomentTypes: null,
  listSports: null,
  getClearingPrices: "viewer",
  getCampaignReport: "viewer",
  getCampaignTimeseries: "viewer",
  getAdvertiserReport: "viewer",
  listChanges: "viewer",
  listChangesByCursor: "viewer",
  setVariantStatus: "editor",
  duplicateCampaign: "editor",
  forecastCampaignDelivery: "editor",
  getCreativePerformance: "viewer",
  recordConversion: null,
  recordConversionQuery: null,
  listPostbackKeys: "admin",
  listPostbackKeyConnection: "admin",
  createPostbackKey: "admin",
  renamePostbackKey: "admin",
  revokePostbackKey: "admin",
  runTestController: "editor",
  getSandboxProduct: "viewer",
  listApiClients: "admin",
  createApiClient: "admin",
  revokeApiClient: "admin",
  listWebhookEndpoints: "viewer",
  listWebhookEndpointsByCursor: "viewer",
  getWebhookEndpoint: "viewer",
  registerWebhookEndpoint: "editor",
  updateWebhookEndpoint: "editor",
  deactivateWebhookEndpoint: "editor",
  sendWebhookTestEvent: "editor",
  listWebhookDeliveries: "viewer",
  listWebhookDeliveriesByCursor: "viewer",
  retryWebhookDelivery: "editor",
  listConnectedApps: "admin",
  revokeConnectedApp: "admin",
  listMembers: "admin",
  changeMemberRole: "admin",
  removeMember: "admin",
  listInvitations: "admin",
  inviteMember: "admin",
  revokeInvitation: "admin",
  listMemberships: "viewer",
  switchAdvertiser: "viewer",
  joinBySignUp: null,
  changePassword: "viewer",
  signOutEverywhere: "viewer",
  changeEmail: "viewer",
  updateAccount: "viewer",
  listNotifications: "viewer",
  markNotificationsRead: "viewer",
  listNotificationPreferences: "viewer",
  setNotificationPreference: "viewer",
  requestPasswordReset: null,
  completePasswordReset: null,
  getBilling: "admin",
  updateBillingProfile: "admin",
  listInvoices: "admin",
  getInvoice: "admin",
  getInvoicePdf: "admin",
  getInvoiceCsv: "admin",
  getTwoFactorStatus: "viewer",
  startTotpEnrolment: "viewer",
  confirmTotpEnrolment: "viewer",
  disableTwoFactor: "viewer",
  setTwoFactorRequirement: "admin",
  listPasskeys: "viewer",
  startPasskeyEnrolment: "viewer",
  finishPasskeyEnrolment: "viewer",
  removePasskey: "viewer",
  startPasskeySignIn: null,
  undoChange: "editor",
  listRules: "viewer",
  getRule: "viewer",
  listRuleActions: "viewer",
  dryRunRule: "viewer",
  createRule: "editor",
  updateRule: "editor",
  deleteRule: "editor",
  listSavedReports: "viewer",
  saveReport: "editor",
  updateSavedReport: "editor",
  deleteSavedReport: "editor",
  sendSavedReportNow: "editor",
};

const log = pino({ level: "silent" });
let sequence = 0;
const members = {} as Record<Role, { userId: string; advertiserId: string; role: Role }>;

function caller(role: Role): Caller {
  return {
    actor: sessionActor(members[role]),
    requestId: `req_roles_${++sequence}`,
    log,
    clock: Date.now,
    // each call from its own address: no per-address limit decides for a role
    clientAddress: `198.51.100.${sequence % 250}`,
  };
}

async function outcome(name: OperationName, role: Role): Promise<string> {
  try {
    await invoke(OPERATIONS[name], caller(role), {});
    return "ran";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status, `${name} as ${role}: ${error.code} ${error.detail}`).toBeLessThan(500);
    return error.code;
  }
}

beforeAll(async () => {
  const adv = await createTestAdvertiser("Roles Co");
  const admin = await db().user.findFirstOrThrow({
    where: { memberships: { some: { advertiserId: adv.advertiserId } } },
  });
  members.admin = { userId: admin.id, advertiserId: adv.advertiserId, role: "admin" };
  for (const role of ["editor", "viewer"] as const) {
    // each its own user, made a member of the advertiser with the role
    const own = await createAdvertiser(
      {
        name: `${role} home`,
        email: `${role}-${randomBase62(8).toLowerCase()}@example.test`,
        password: "correct horse battery",
      },
      { defaultClient: false },
    );
    await db().membership.create({ data: { advertiserId: adv.advertiserId, userId: own.user_id, role } });
    members[role] = { userId: own.user_id, advertiserId: adv.advertiserId, role };
  }
});

describe("the role check of every operation", () => {
  it("has a row for every operation of the catalog, and the declarations say the same", () => {
    expect(Object.keys(ROLE_TABLE).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [name, least] of Object.entries(ROLE_TABLE))
      expect(roleOf(OPERATIONS[name as OperationName]), name).toBe(least);
  });

  for (const name of Object.keys(ROLE_TABLE) as OperationName[]) {
    it(`${name}: ${ROLE_TABLE[name] ?? "anyone"}${ROLE_TABLE[name] ? " and above" : ""}`, async () => {
      const least = ROLE_TABLE[name];
      for (const role of ROLES) {
        const answer = await outcome(name, role);
        if (least === null || roleAtLeast(role, least)) {
          expect(["role_required", "insufficient_scope", "session_required"], `${name} as ${role}`).not.toContain(
            answer,
          );
        } else {
          expect(answer, `${name} as ${role}`).toBe("role_required");
        }
      }
    });
  }
});
