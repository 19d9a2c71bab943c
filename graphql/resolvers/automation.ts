// Automated rules (docs/decisions/0700) and undo from the history (0702): Advertiser.rules and
// rule, a rule's actions and dry run, the rule mutations and undoChange, each running the REST
// surface's operation.
import { createRule } from "@/lib/domain/rules/create-rule";
import { dryRunRule } from "@/lib/domain/rules/dry-run-rule";
import { getRule, listRuleActions, listRules } from "@/lib/domain/rules/get-rules";
import { deleteRule, updateRule } from "@/lib/domain/rules/update-rule";
import { nextWindowEnd } from "@/lib/domain/rules/evaluate-rule";
import { AppError } from "@/lib/errors";
import { undoChange, undoRefusal } from "@/lib/history/undo-change";
import type { Resolvers } from "../__generated__/resolvers-types";
import type { GraphqlContext } from "../context";
import { authenticated, payload } from "../guard";
import { operationResolver, runOperation } from "../operation";
import { mayRun } from "@/lib/operations/operation";
import { loadCampaign } from "./campaigns";
import {
  deleteSavedReport,
  listSavedReports,
  saveReport,
  sendSavedReportNow,
  updateSavedReport,
} from "@/lib/domain/saved-reports/save-report";

function reloaded(context: GraphqlContext, restId: string) {
  const { loaders } = authenticated(context);
  loaders.campaign.clear(restId);
  loaders.campaignCreatives.clear(restId);
  return loadCampaign(context, restId);
}

export const automationResolvers: Resolvers = {
  Advertiser: {
    rules: operationResolver(listRules, (_, __, context) => runOperation(listRules, context)),
    savedReports: operationResolver(listSavedReports, (_, __, context) => runOperation(listSavedReports, context)),
    rule: operationResolver(getRule, async (_, { id }, context) => {
      try {
        return await runOperation(getRule, context, {}, { id });
      } catch (error) {
        if (error instanceof AppError && error.code === "not_found") return null;
        throw error;
      }
    }),
  },
  Rule: {
    actionValueUsd: (rule) => rule.actionValueMicros,
    nextWindowEnd: (rule, _, context) => new Date(nextWindowEnd(rule, context.clock())),
    actions: operationResolver(listRuleActions, (rule, __, context) =>
      runOperation(listRuleActions, context, {}, { id: rule.id }),
    ),
    dryRun: operationResolver(dryRunRule, (rule, __, context) =>
      runOperation(dryRunRule, context, {}, { id: rule.id }),
    ),
  },
  SavedReport: {
    campaignId: (report) => report.state.campaignId,
    startDate: (report) => report.state.startDate,
    endDate: (report) => report.state.endDate,
    timezone: (report) => report.state.timezone,
    breakdown: (report) => report.state.breakdown,
    granularity: (report) => report.state.granularity,
    scheduleTimezone: (report) => report.timeZone,
    lastSentPeriod: (report) => report.lastSent?.period ?? null,
    lastSentAt: (report) => report.lastSent?.at ?? null,
  },
  Change: {
    // offered to whoever may run the undo (an editor in the dashboard, campaigns:write for a token)
    undoable: (change, _, context) =>
      undoRefusal(change) === null && context.actor !== null && mayRun(undoChange, context.actor),
  },
  Mutation: {
    createRule: operationResolver(createRule, (_, { input }, context) =>
      payload(async () => ({
        // null (or omitted) watches every open campaign: REST asks for it explicitly
        rule: await runOperation(createRule, context, input, { campaign_ids: input.campaignIds ?? null }),
      })),
    ),
    updateRule: operationResolver(updateRule, (_, { input }, context) =>
      payload(async () => ({ rule: await runOperation(updateRule, context, input) })),
    ),
    deleteRule: operationResolver(deleteRule, (_, { input }, context) =>
      payload(async () => ({ rule: await runOperation(deleteRule, context, input) })),
    ),
    saveReport: operationResolver(saveReport, (_, { input }, context) =>
      payload(async () => ({
        savedReport: await runOperation(saveReport, context, input, { campaign_id: input.campaignId ?? null }),
      })),
    ),
    updateSavedReport: operationResolver(updateSavedReport, (_, { input }, context) => {
      const { unschedule, ...rest } = input;
      return payload(async () => ({
        savedReport: await runOperation(updateSavedReport, context, rest, unschedule ? { schedule: null } : {}),
      }));
    }),
    deleteSavedReport: operationResolver(deleteSavedReport, (_, { input }, context) =>
      payload(async () => ({ savedReport: await runOperation(deleteSavedReport, context, input) })),
    ),
    sendSavedReportNow: operationResolver(sendSavedReportNow, (_, { input }, context) =>
      payload(async () => ({ savedReport: await runOperation(sendSavedReportNow, context, input) })),
    ),
    undoChange: operationResolver(undoChange, (_, { input }, context) =>
      payload(async () => {
        const campaign = await runOperation(undoChange, context, input);
        return { campaign: await reloaded(context, campaign.id) };
      }),
    ),
  },
};
