"use client";
// Edit the settings a running campaign may change (name, bid, budgets, end date,
// pacing, target CPA, regions): react-hook-form over E7's schema (edit-form.ts), then the
// API's own preview through the shared spend confirmation (spend-confirmation.tsx, also the
// campaign list's inline and bulk edits'): a change that can raise spend shows its changes and
// the daily estimate before and after, and is saved only once confirmed; any other is saved at
// once (updateCampaign). The server re-checks floors, minimums and dates on the merged campaign
// and its userErrors land on the fields. Opening the form focuses its first field; closing it
// gives focus back to its button; a failed save focuses the error summary.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { UpdateCampaignDocument } from "@/graphql/__generated__/client/graphql";
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
import { previewUpdate, usePreviewedUpdate } from "./spend-confirmation";

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

  const spend = usePreviewedUpdate(save);

  const submit = form.handleSubmit(async (body) => {
    let previewed: Awaited<ReturnType<typeof previewUpdate>>;
    try {
      previewed = await previewUpdate(updateInput(campaign.id, body));
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Saving failed.");
      return;
    }
    if (errors.showUserErrors(previewed.userErrors)) return;
    await spend.check(body, previewed.preview ? [{ preview: previewed.preview }] : []);
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
      {spend.dialog}
    </form>
  );
}
