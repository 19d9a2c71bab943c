"use client";
// Edit the settings a running campaign may change (name, bid, budgets, end date,
// pacing, target CPA, regions): react-hook-form over E7's schema (edit-form.ts), then the
// API's own preview (previewCampaignUpdate): a change that can raise spend shows
// its changes and the daily estimate before and after, and is saved only once
// confirmed; any other is saved at once (updateCampaign). The server re-checks
// floors, minimums and dates on the merged campaign and its userErrors land on
// the fields. Opening the form focuses
// its first field; closing it gives focus back to its button; a failed save
// focuses the error summary.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  PreviewCampaignUpdateDocument,
  UpdateCampaignDocument,
  type PreviewCampaignUpdateQuery,
} from "@/graphql/__generated__/client/graphql";
import { Dialog } from "@/components/ui/dialog";
import { formatCount, formatUsd } from "@/components/format";
import { dailyAboveTotal } from "./forecast";
import { apiResolver } from "@/components/forms/api-resolver";
import { useErrorSummary } from "@/components/forms/use-error-summary";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { EDIT_FIELDS, editFormSchema, updateInput, type EditBody, type EditValues } from "./edit-form";
import { PACING_LABELS } from "./pacing";
import { RegionTargeting } from "./region-targeting";

export type EditableCampaign = {
  id: string;
  name: string;
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  totalBudgetUsd: string;
  endDate: string | null;
  pacing: "EVEN" | "ASAP";
  targetCpaUsd: string | null;
  targetRegions: readonly string[] | null;
  excludedRegions: readonly string[] | null;
};

type UpdatePreview = NonNullable<NonNullable<PreviewCampaignUpdateQuery["previewCampaignUpdate"]>["preview"]>;

const CHANGE_LABELS: Record<string, string> = {
  name: "Name",
  bidCpmUsd: "Bid (CPM)",
  dailyBudgetUsd: "Daily budget",
  totalBudgetUsd: "Total budget",
  endDate: "End date",
  pacing: "Pacing",
  targetCpaUsd: "Target CPA",
  targetRegions: "Serve only in",
  excludedRegions: "Never serve in",
};

const MONEY_CHANGES = new Set(["bidCpmUsd", "dailyBudgetUsd", "totalBudgetUsd", "targetCpaUsd"]);

/** A changed value as the page shows it: amounts in dollars, an absent one as "none". */
function changeValue(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "none";
  return MONEY_CHANGES.has(field) ? formatUsd(value) : value;
}

/** A daily estimate in words: the figures, or why there are none. */
function estimateText(status: string, impressions: number, spendUsd: string): string {
  if (status === "INSUFFICIENT_VOLUME") return "not enough market data yet";
  return `about ${formatCount(impressions)} impressions and ${formatUsd(spendUsd)} a day`;
}

function valuesOf(campaign: EditableCampaign): EditValues {
  return {
    name: campaign.name,
    bid_cpm_usd: campaign.bidCpmUsd,
    daily_budget_usd: campaign.dailyBudgetUsd,
    total_budget_usd: campaign.totalBudgetUsd,
    end_date: campaign.endDate ?? "",
    pacing: campaign.pacing === "ASAP" ? "asap" : "even",
    target_cpa_usd: campaign.targetCpaUsd ?? "",
    target_regions: [...(campaign.targetRegions ?? [])],
    excluded_regions: [...(campaign.excludedRegions ?? [])],
  };
}

export function EditCampaign({ campaign, floorHint }: { campaign: EditableCampaign; floorHint: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState<{ body: EditBody; preview: UpdatePreview } | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  const form = useForm<EditValues, unknown, EditBody>({
    resolver: apiResolver<EditBody, EditValues>(editFormSchema),
    defaultValues: valuesOf(campaign),
    shouldFocusError: false,
  });
  const errors = useErrorSummary(form, EDIT_FIELDS);

  // focus follows the form: into its first field when it opens, back to its button when it closes
  useEffect(() => {
    if (open) form.setFocus("name");
    else if (opened.current) opener.current?.focus();
    opened.current ||= open;
  }, [open, form]);

  const close = () => {
    form.reset(valuesOf(campaign));
    setOpen(false);
  };

  const save = async (body: EditBody) => {
    try {
      const data = await gqlFetch(UpdateCampaignDocument, { input: updateInput(campaign.id, body) });
      if (errors.showUserErrors(data.updateCampaign?.userErrors)) return;
      setSaved(true);
      setOpen(false);
      router.refresh();
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Saving failed.");
    }
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const data = await gqlFetch(PreviewCampaignUpdateDocument, { input: updateInput(campaign.id, body) });
      const payload = data.previewCampaignUpdate;
      if (errors.showUserErrors(payload?.userErrors)) return;
      if (payload?.preview?.raisesSpend) {
        setConfirming({ body, preview: payload.preview });
        return;
      }
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Saving failed.");
      return;
    }
    await save(body);
  }, errors.onInvalid);
  const [daily, total] = useWatch({ control: form.control, name: ["daily_budget_usd", "total_budget_usd"] });

  if (!open) {
    return (
      <div className="flex items-center gap-3">
        <Button
          ref={opener}
          variant="secondary"
          onClick={() => {
            setSaved(false);
            setOpen(true);
          }}
        >
          Edit settings
        </Button>
        {saved ? (
          <p role="status" className="text-sm text-ok">
            Saved.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Edit settings" onSubmit={submit}>
      {errors.summary ? <div className="sm:col-span-2">{errors.summary}</div> : null}
      <div className="sm:col-span-2">
        <Field id="edit-name" label="Name" error={errors.errorOf("name")}>
          <Input autoComplete="off" {...form.register("name")} />
        </Field>
      </div>
      <Field id="edit-bid" label="Bid (CPM, USD)" hint={floorHint} error={errors.errorOf("bid_cpm_usd")}>
        <Input inputMode="decimal" autoComplete="off" {...form.register("bid_cpm_usd")} />
      </Field>
      <Field id="edit-pacing" label="Pacing" error={errors.errorOf("pacing")}>
        <Select {...form.register("pacing")}>
          <option value="even">{PACING_LABELS.EVEN}</option>
          <option value="asap">{PACING_LABELS.ASAP}</option>
        </Select>
      </Field>
      <Field id="edit-daily" label="Daily budget (USD)" error={errors.errorOf("daily_budget_usd")}>
        <Input inputMode="decimal" autoComplete="off" {...form.register("daily_budget_usd")} />
      </Field>
      <Field id="edit-total" label="Total budget (USD)" error={errors.errorOf("total_budget_usd")}>
        <Input inputMode="decimal" autoComplete="off" {...form.register("total_budget_usd")} />
      </Field>
      <Field id="edit-end" label="End date (UTC, optional)" error={errors.errorOf("end_date")}>
        <Input type="date" {...form.register("end_date")} />
      </Field>
      <Field
        id="edit-cpa"
        label="Target CPA (USD, optional)"
        hint="With conversions, the bid is adjusted toward this cost per conversion. Empty: off."
        error={errors.errorOf("target_cpa_usd")}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register("target_cpa_usd")} />
      </Field>
      <div className="space-y-4 sm:col-span-2">
        <RegionTargeting
          control={form.control}
          errorOf={errors.errorOf}
          ids={{ target: "edit-target-regions", excluded: "edit-excluded-regions" }}
          targetHint="None chosen: everywhere. Widening the regions can raise spend: it is previewed first."
        />
      </div>
      {dailyAboveTotal(daily, total) ? (
        <p className="text-sm text-amber-800 sm:col-span-2" role="status" data-testid="budget-warning">
          The daily budget is above the total budget: the campaign can spend its whole total in one day.
        </p>
      ) : null}
      <div className="flex items-end justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={close}>
          Discard
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : "Save changes"}
        </Button>
      </div>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title="This change can raise spend">
        {confirming ? (
          <div className="space-y-3 text-sm" data-testid="spend-confirmation">
            <ul className="list-disc pl-5">
              {confirming.preview.changes.map((change) => (
                <li key={change.field}>
                  {CHANGE_LABELS[change.field] ?? change.field}: {changeValue(change.field, change.from)} →{" "}
                  {changeValue(change.field, change.to)}
                </li>
              ))}
            </ul>
            <dl className="grid gap-2">
              <div>
                <dt className="text-xs font-medium text-muted">Now</dt>
                <dd>
                  {estimateText(
                    confirming.preview.currentEstimateStatus,
                    confirming.preview.currentEstimatedDailyImpressions,
                    confirming.preview.currentEstimatedDailySpendUsd,
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-muted">After the change</dt>
                <dd>
                  {estimateText(
                    confirming.preview.estimateStatus,
                    confirming.preview.estimatedDailyImpressions,
                    confirming.preview.estimatedDailySpendUsd,
                  )}
                </dd>
              </div>
            </dl>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Back to the form
              </Button>
              <Button
                onClick={async () => {
                  const { body } = confirming;
                  setConfirming(null);
                  await save(body);
                }}
              >
                Confirm and save
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </form>
  );
}
