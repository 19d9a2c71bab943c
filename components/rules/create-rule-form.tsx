"use client";
// Creates an automated rule (createRule, docs/decisions/0700): when a metric over a window is above
// or below a threshold for the chosen campaigns, then pause, resume, set the bid or the daily
// budget, or notify. A rule that can raise spend is refused until its confirmation box is ticked
// (the API says when: docs/decisions/1217). Once created, its page shows its dry run.
import { useRouter } from "next/navigation";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { userFieldErrors } from "@/components/form-errors";
import { PlainForm } from "@/components/forms/plain-form";
import { useSubmit } from "@/components/forms/use-submit";
import { Field, FieldSet } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  RULE_ACTION_LABELS,
  RULE_ACTIONS,
  RULE_METRIC_LABELS,
  RULE_METRICS,
  RULE_WINDOW_HOURS,
} from "@/lib/domain/rules/rules.schemas";
import type { RuleActionKind, RuleComparison, RuleMetric } from "@/graphql/__generated__/client/graphql";

const CREATE = graphql(`
  mutation CreateRule($input: CreateRuleInput!) {
    createRule(input: $input) {
      rule {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const windowLabel = (hours: number) =>
  hours < 24 ? `${hours} hour${hours === 1 ? "" : "s"}` : `${hours / 24} day${hours === 24 ? "" : "s"}`;

const text = (values: FormData, name: string) => String(values.get(name) ?? "").trim();

export function CreateRuleForm({ campaigns }: { campaigns: readonly { restId: string; name: string }[] }) {
  const router = useRouter();
  const { errors, pending, submit } = useSubmit();
  return (
    <PlainForm
      label="Create a rule"
      onSubmit={(values) =>
        submit(async () => {
          const chosen = values.getAll("campaign").map(String);
          const every = text(values, "scope") !== "chosen";
          const value = text(values, "actionValue");
          const threshold = Number(text(values, "threshold"));
          if (!text(values, "threshold") || !Number.isFinite(threshold))
            return { threshold: "Enter the number the metric is compared with." };
          const { createRule } = await gqlFetch(CREATE, {
            input: {
              name: text(values, "name"),
              metric: text(values, "metric").toUpperCase() as RuleMetric,
              comparison: text(values, "comparison").toUpperCase() as RuleComparison,
              threshold,
              windowHours: Number(text(values, "windowHours")),
              campaignIds: every ? null : chosen,
              action: text(values, "action").toUpperCase() as RuleActionKind,
              actionValueUsd: value === "" ? null : value,
              confirmSpendIncrease: values.get("confirm") === "on",
            },
          });
          if (!createRule.rule) {
            const found = userFieldErrors(createRule.userErrors);
            return Object.keys(found).length ? found : { _form: "The rule was not created." };
          }
          router.push(`/rules/${createRule.rule.id}`);
          return null;
        })
      }
    >
      <FormError>{errors._form}</FormError>
      <Field id="rule-name" label="Name" error={errors.name}>
        <Input name="name" placeholder="Pause expensive conversions" maxLength={100} />
      </Field>
      <Field id="rule-metric" label="When" error={errors.metric}>
        <Select name="metric" defaultValue="cpa_usd">
          {RULE_METRICS.map((metric) => (
            <option key={metric} value={metric}>
              {RULE_METRIC_LABELS[metric]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="rule-window"
        label="Over"
        hint="Windows follow each other from the hour the rule is created."
        error={errors.windowHours}
      >
        <Select name="windowHours" defaultValue="72">
          {RULE_WINDOW_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {windowLabel(hours)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="rule-comparison" label="Is" error={errors.comparison}>
          <Select name="comparison" defaultValue="above">
            <option value="above">Above</option>
            <option value="below">Below</option>
          </Select>
        </Field>
        <Field id="rule-threshold" label="Threshold" error={errors.threshold}>
          <Input name="threshold" inputMode="decimal" placeholder="40" />
        </Field>
      </div>
      <FieldSet id="rule-campaigns" legend="For" error={errors.campaignIds}>
        <div className="grid gap-2 text-sm text-ink">
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" value="all" defaultChecked className="size-4" />
            Every open campaign, new ones included
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" value="chosen" className="size-4" />
            Only the campaigns ticked below
          </label>
          {campaigns.map((campaign) => (
            <label key={campaign.restId} className="ml-6 flex min-w-0 items-center gap-2">
              <input type="checkbox" name="campaign" value={campaign.restId} className="size-4 shrink-0" />
              <span className="min-w-0 break-words">{campaign.name}</span>
            </label>
          ))}
        </div>
      </FieldSet>
      <Field id="rule-action" label="Then" error={errors.action}>
        <Select name="action" defaultValue="pause">
          {RULE_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {RULE_ACTION_LABELS[action]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="rule-action-value"
        label="New bid or daily budget (USD)"
        hint="Only for setting the bid or the daily budget."
        error={errors.actionValueUsd}
      >
        <Input name="actionValue" inputMode="decimal" placeholder="2.50" />
      </Field>
      <Field
        id="rule-confirm"
        label="Confirm a rule that can raise spend"
        hint="Resuming, or a bid or daily budget above a campaign's current one, raises spend. A rule never changes a total budget."
        error={errors.confirmSpendIncrease}
      >
        <input type="checkbox" name="confirm" className="size-4" />
      </Field>
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create rule
      </SubmitButton>
    </PlainForm>
  );
}
