// Every operation of the service, by name (docs/decisions/1005). Transports
// name operations; tests walk this catalog to prove that every REST route,
// GraphQL field, MCP tool and dashboard action runs one of these, with the
// scope, rate limit and idempotency it declares.
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { revokeApiClient } from "@/lib/domain/api-clients/revoke-api-client";
import { recordConversion, recordConversionQuery } from "@/lib/domain/conversions/record-conversion";
import { createPostbackKey } from "@/lib/domain/postback-keys/create-postback-key";
import { listPostbackKeys } from "@/lib/domain/postback-keys/list-postback-keys";
import { listPostbackKeyConnection } from "@/lib/domain/postback-keys/postback-key-connections";
import { renamePostbackKey } from "@/lib/domain/postback-keys/rename-postback-key";
import { revokePostbackKey } from "@/lib/domain/postback-keys/revoke-postback-key";
import { listCampaignConnection } from "@/lib/domain/campaigns/campaign-connection";
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { createCampaign, previewCampaignCreate } from "@/lib/domain/campaigns/create-campaign";
import { duplicateCampaign } from "@/lib/domain/campaigns/duplicate-campaign";
import { forecastCampaignDelivery } from "@/lib/domain/campaigns/forecast-delivery";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { getSandboxProduct, runTestController } from "@/lib/domain/adcp-sandbox/sandbox-products";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { previewCampaignUpdate, updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { addCreativeVariant } from "@/lib/domain/creatives/add-creative-variant";
import { getCreative } from "@/lib/domain/creatives/get-creative";
import { setVariantStatus } from "@/lib/domain/creatives/set-variant-status";
import { getClearingPrices } from "@/lib/domain/clearing-prices/get-clearing-prices";
import { listMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { listSports } from "@/lib/domain/moment-types/list-sports";
import { listConnectedApps, revokeConnectedApp } from "@/lib/domain/connected-apps/connected-apps";
import { listChanges, listChangesByCursor } from "@/lib/history/list-changes";
import { getAdvertiserReport } from "@/lib/domain/reporting/get-advertiser-report";
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { getCreativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import { deactivateWebhookEndpoint } from "@/lib/webhooks/deactivate-webhook";
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint";
import { listWebhookDeliveries, listWebhookDeliveriesByCursor } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookEndpoints, listWebhookEndpointsByCursor } from "@/lib/webhooks/list-webhooks";
import { registerWebhookEndpoint } from "@/lib/webhooks/register-webhook";
import { retryWebhookDelivery } from "@/lib/webhooks/retry-webhook-delivery";
import { sendWebhookTestEvent } from "@/lib/webhooks/send-test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook";
import { joinBySignUp } from "@/lib/domain/members/accept-invitation";
import { changeMemberRole } from "@/lib/domain/members/change-member-role";
import { inviteMember } from "@/lib/domain/members/invite-member";
import { listInvitations } from "@/lib/domain/members/list-invitations";
import { listMembers } from "@/lib/domain/members/list-members";
import { listMemberships } from "@/lib/domain/members/list-memberships";
import { removeMember } from "@/lib/domain/members/remove-member";
import { revokeInvitation } from "@/lib/domain/members/revoke-invitation";
import { switchAdvertiser } from "@/lib/domain/members/switch-advertiser";
import { changeEmail } from "@/lib/domain/users/change-email";
import { completePasswordReset } from "@/lib/domain/users/complete-password-reset";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { updateAccount } from "@/lib/domain/users/update-account";
import { getAdvertiser, getViewer } from "@/lib/domain/advertisers/get-advertiser";
import { signUp } from "@/lib/domain/advertisers/sign-up";
import { answerAuthorization } from "@/lib/domain/connected-apps/decide-authorization";
import { getAdvertiserToday } from "@/lib/domain/reporting/get-advertiser-today";
import { changePassword } from "@/lib/domain/users/change-password";
import { signOutEverywhere } from "@/lib/domain/users/sign-out-everywhere";
import { listNotifications, markNotificationsRead } from "@/lib/domain/alerts/notifications";
import { listNotificationPreferences, setNotificationPreference } from "@/lib/domain/alerts/notification-preferences";
import { getBilling, updateBillingProfile } from "@/lib/domain/billing/accounts";
import { getInvoice, getInvoiceCsv, getInvoicePdf, listInvoices } from "@/lib/domain/billing/invoices";
import {
  confirmTotpEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  setTwoFactorRequirement,
  startTotpEnrolment,
} from "@/lib/domain/two-factor/two-factor";
import {
  finishPasskeyEnrolment,
  listPasskeys,
  removePasskey,
  startPasskeyEnrolment,
  startPasskeySignIn,
} from "@/lib/domain/two-factor/passkeys";
import { createRule } from "@/lib/domain/rules/create-rule";
import { dryRunRule } from "@/lib/domain/rules/dry-run-rule";
import { getRule, listRuleActions, listRules } from "@/lib/domain/rules/get-rules";
import { deleteRule, updateRule } from "@/lib/domain/rules/update-rule";
import { undoChange } from "@/lib/history/undo-change";
import {
  deleteSavedReport,
  listSavedReports,
  saveReport,
  sendSavedReportNow,
  updateSavedReport,
} from "@/lib/domain/saved-reports/save-report";
import type { AnyOperation } from "./operation";

export const OPERATIONS = {
  listNotifications,
  markNotificationsRead,
  listNotificationPreferences,
  setNotificationPreference,
  signUp,
  answerAuthorization,
  getViewer,
  getAdvertiser,
  getAdvertiserToday,
  changePassword,
  signOutEverywhere,
  listCampaigns,
  listCampaignConnection,
  getCampaign,
  getCreative,
  createCampaign,
  previewCampaignCreate,
  updateCampaign,
  previewCampaignUpdate,
  cancelCampaign,
  duplicateCampaign,
  forecastCampaignDelivery,
  addCreativeVariant,
  setVariantStatus,
  listMomentTypes,
  listSports,
  getClearingPrices,
  getCampaignReport,
  getAdvertiserReport,
  getCampaignTimeseries,
  getCreativePerformance,
  recordConversion,
  recordConversionQuery,
  listPostbackKeys,
  listPostbackKeyConnection,
  createPostbackKey,
  renamePostbackKey,
  revokePostbackKey,
  runTestController,
  getSandboxProduct,
  listApiClients,
  createApiClient,
  revokeApiClient,
  listWebhookEndpoints,
  listWebhookEndpointsByCursor,
  getWebhookEndpoint,
  registerWebhookEndpoint,
  updateWebhookEndpoint,
  deactivateWebhookEndpoint,
  sendWebhookTestEvent,
  listWebhookDeliveries,
  listWebhookDeliveriesByCursor,
  retryWebhookDelivery,
  listConnectedApps,
  revokeConnectedApp,
  listChanges,
  listChangesByCursor,
  listMembers,
  changeMemberRole,
  removeMember,
  listInvitations,
  inviteMember,
  revokeInvitation,
  listMemberships,
  switchAdvertiser,
  joinBySignUp,
  changeEmail,
  updateAccount,
  requestPasswordReset,
  completePasswordReset,
  getBilling,
  updateBillingProfile,
  listInvoices,
  getInvoice,
  getInvoicePdf,
  getInvoiceCsv,
  getTwoFactorStatus,
  startTotpEnrolment,
  confirmTotpEnrolment,
  disableTwoFactor,
  setTwoFactorRequirement,
  listPasskeys,
  startPasskeyEnrolment,
  finishPasskeyEnrolment,
  removePasskey,
  startPasskeySignIn,
  undoChange,
  listRules,
  getRule,
  createRule,
  updateRule,
  deleteRule,
  listRuleActions,
  dryRunRule,
  listSavedReports,
  saveReport,
  updateSavedReport,
  deleteSavedReport,
  sendSavedReportNow,
} as const satisfies Record<string, AnyOperation>;

export type OperationName = keyof typeof OPERATIONS;

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}
