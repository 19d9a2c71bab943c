"use client";
// Edit the settings a running campaign may change (name, bid, budgets, end date,
// pacing): react-hook-form over updateCampaign's schema (edit-form.ts), then the
// updateCampaign mutation; the server re-checks floors, minimums and dates on the
// merged campaign and its userErrors land on the fields. Opening the form focuses
// its first field; closing it gives focus back to its button; a failed save
// focuses the error summary.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { UpdateCampaignDocument } from "@/graphql/__generated__/client/graphql";
import { apiResolver } from "@/components/forms/api-resolver";
import { useErrorSummary } from "@/components/forms/use-error-summary";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { EDIT_FIELDS, editFormSchema, updateInput, type EditBody, type EditValues } from "./edit-form";
import { PACING_LABELS } from "./pacing";

export type EditableCampaign = {
  id: string;
  name: string;
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  totalBudgetUsd: string;
  endDate: string | null;
  pacing: "EVEN" | "ASAP";
};

function valuesOf(campaign: EditableCampaign): EditValues {
  return {
    name: campaign.name,
    bid_cpm_usd: campaign.bidCpmUsd,
    daily_budget_usd: campaign.dailyBudgetUsd,
    total_budget_usd: campaign.totalBudgetUsd,
    end_date: campaign.endDate ?? "",
    pacing: campaign.pacing === "ASAP" ? "asap" : "even",
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

  const submit = form.handleSubmit(async (body) => {
    try {
      const data = await gqlFetch(UpdateCampaignDocument, { input: updateInput(campaign.id, body) });
      if (errors.showUserErrors(data.updateCampaign?.userErrors)) return;
      setSaved(true);
      setOpen(false);
      router.refresh();
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Saving failed.");
    }
  }, errors.onInvalid);

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
      <div className="flex items-end justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={close}>
          Discard
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
