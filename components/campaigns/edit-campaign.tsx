"use client";
// Edit the settings a running campaign may change (name, bid, budgets, end date,
// pacing): checked by E7's schema first (edit-form.ts), then the updateCampaign
// mutation; the server re-checks floors, minimums and dates on the merged
// campaign and its userErrors land on the fields.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { UpdateCampaignDocument } from "@/graphql/__generated__/client/graphql";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { userFieldErrors } from "@/components/form-errors";
import { editCampaignErrors } from "./edit-form";
import { PACING_LABELS, PACING_OPTIONS } from "./pacing";

export type EditableCampaign = {
  id: string;
  name: string;
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  totalBudgetUsd: string;
  endDate: string | null;
  pacing: "EVEN" | "ASAP";
};

export function EditCampaign({ campaign, floorHint }: { campaign: EditableCampaign; floorHint: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ ...campaign, endDate: campaign.endDate ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  if (!open) {
    return (
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={() => setOpen(true)}>
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
  const set = (key: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const invalid = editCampaignErrors(values);
        if (Object.keys(invalid).length) {
          setErrors(invalid);
          return;
        }
        setPending(true);
        try {
          const data = await gqlFetch(UpdateCampaignDocument, {
            input: {
              id: campaign.id,
              name: values.name,
              bidCpmUsd: values.bidCpmUsd,
              dailyBudgetUsd: values.dailyBudgetUsd,
              totalBudgetUsd: values.totalBudgetUsd,
              endDate: values.endDate || null,
              pacing: values.pacing,
            },
          });
          const found = userFieldErrors(data.updateCampaign?.userErrors);
          setErrors(found);
          if (!Object.keys(found).length) {
            setOpen(false);
            setSaved(true);
            router.refresh();
          }
        } catch (caught) {
          setErrors({ _form: caught instanceof Error ? caught.message : "Saving failed." });
        }
        setPending(false);
      }}
    >
      <FormError className="sm:col-span-2">{errors._form}</FormError>
      <div className="sm:col-span-2">
        <Field id="edit-name" label="Name" error={errors.name}>
          <Input value={values.name} onChange={(e) => set("name", e.target.value)} />
        </Field>
      </div>
      <Field id="edit-bid" label="Bid (CPM, USD)" hint={floorHint} error={errors.bidCpmUsd}>
        <Input inputMode="decimal" value={values.bidCpmUsd} onChange={(e) => set("bidCpmUsd", e.target.value)} />
      </Field>
      <Field id="edit-pacing" label="Pacing" error={errors.pacing}>
        <Select value={values.pacing} onChange={(e) => set("pacing", e.target.value)}>
          {PACING_OPTIONS.map((pacing) => (
            <option key={pacing} value={pacing}>
              {PACING_LABELS[pacing]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="edit-daily" label="Daily budget (USD)" error={errors.dailyBudgetUsd}>
        <Input
          inputMode="decimal"
          value={values.dailyBudgetUsd}
          onChange={(e) => set("dailyBudgetUsd", e.target.value)}
        />
      </Field>
      <Field id="edit-total" label="Total budget (USD)" error={errors.totalBudgetUsd}>
        <Input
          inputMode="decimal"
          value={values.totalBudgetUsd}
          onChange={(e) => set("totalBudgetUsd", e.target.value)}
        />
      </Field>
      <Field id="edit-end" label="End date (UTC, optional)" error={errors.endDate}>
        <Input type="date" value={values.endDate} onChange={(e) => set("endDate", e.target.value)} />
      </Field>
      <div className="flex items-end justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Discard
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
