"use client";
// The campaign list's inline "Edit bid/budget" (issue 42, docs/decisions/1243): a small dialog over
// one row that edits the campaign's bid (CPM), daily budget and total budget, checked by
// updateCampaign's own schema (edit-form.ts), previewed and confirmed through the one spend
// confirmation the edit page uses (spend-confirmation.tsx), and saved conditional on the campaign
// as the list read it (ifUpdatedAt): a change made meanwhile (by someone else, or by the system) is
// refused, said in the dialog, and the list can be reloaded to edit the current values.
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { UpdateCampaignDocument, type UserErrorFieldsFragment } from "@/graphql/__generated__/client/graphql";
import { apiResolver } from "@/components/forms/api-resolver";
import { useErrorSummary } from "@/components/forms/use-error-summary";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { inlineEditSchema, inlineFields, inlineInput, type InlineBody, type InlineValues } from "./edit-form";
import { previewUpdate, usePreviewedUpdate } from "./spend-confirmation";

export type InlineCampaign = {
  id: string;
  restId: string;
  name: string;
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  totalBudgetUsd: string;
  /** as the list read it: the edit applies only to this state of the campaign */
  updatedAt: string;
};

/** What the dialog says of a stale edit (the API's CONFLICT). */
export const CONFLICT_TEXT =
  "This campaign was changed after the list was loaded, so nothing was saved. Reload the list to see its current bid and budgets, then edit again.";

const isConflict = (userErrors: readonly UserErrorFieldsFragment[] | undefined) =>
  (userErrors ?? []).some((error) => error.code === "CONFLICT");

function valuesOf(campaign: InlineCampaign): InlineValues {
  return {
    bid_cpm_usd: campaign.bidCpmUsd,
    daily_budget_usd: campaign.dailyBudgetUsd,
    total_budget_usd: campaign.totalBudgetUsd,
  };
}

export function InlineBidBudget({ campaign }: { campaign: InlineCampaign }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const prefix = `inline-${campaign.restId}`;
  const fields = useMemo(() => inlineFields(prefix), [prefix]);
  const form = useForm<InlineValues, unknown, InlineBody>({
    resolver: apiResolver<InlineBody, InlineValues>(inlineEditSchema),
    defaultValues: valuesOf(campaign),
    shouldFocusError: false,
  });
  const errors = useErrorSummary(form, fields);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  const refused = (userErrors: readonly UserErrorFieldsFragment[] | undefined): boolean => {
    if (isConflict(userErrors)) {
      setConflict(true);
      errors.showFormError(CONFLICT_TEXT);
      return true;
    }
    return errors.showUserErrors(userErrors);
  };

  const save = async (body: InlineBody) => {
    try {
      const data = await gqlFetch(UpdateCampaignDocument, {
        input: inlineInput(campaign.id, campaign.updatedAt, body),
      });
      if (refused(data.updateCampaign?.userErrors)) return;
      setSaved(true);
      close();
      router.refresh();
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Saving failed.");
    }
  };
  const spend = usePreviewedUpdate(save);

  const submit = form.handleSubmit(async (body) => {
    let previewed: Awaited<ReturnType<typeof previewUpdate>>;
    try {
      previewed = await previewUpdate(inlineInput(campaign.id, campaign.updatedAt, body));
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Saving failed.");
      return;
    }
    if (refused(previewed.userErrors)) return;
    await spend.check(body, previewed.preview ? [{ preview: previewed.preview }] : []);
  }, errors.onInvalid);

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="mt-1 inline-flex min-h-6 items-center rounded px-1 text-xs font-medium text-brand underline-offset-2 hover:underline"
        onClick={() => {
          form.reset(valuesOf(campaign));
          setSaved(false);
          setConflict(false);
          setOpen(true);
        }}
      >
        Edit bid/budget<span className="sr-only"> of {campaign.name}</span>
      </button>
      {saved ? (
        <p role="status" className="text-xs text-ok">
          Saved.
        </p>
      ) : null}
      <Dialog open={open} onClose={close} title={`Bid and budget of ${campaign.name}`}>
        {open ? (
          <form noValidate className="grid gap-4" aria-label="Edit bid and budget" onSubmit={submit}>
            {errors.summary}
            <Field
              id={`${prefix}-bid`}
              label="Bid (CPM, USD)"
              hint="At least the highest floor of the campaign's moment types."
              error={errors.errorOf("bid_cpm_usd")}
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register("bid_cpm_usd")} />
            </Field>
            <Field id={`${prefix}-daily`} label="Daily budget (USD)" error={errors.errorOf("daily_budget_usd")}>
              <Input inputMode="decimal" autoComplete="off" {...form.register("daily_budget_usd")} />
            </Field>
            <Field id={`${prefix}-total`} label="Total budget (USD)" error={errors.errorOf("total_budget_usd")}>
              <Input inputMode="decimal" autoComplete="off" {...form.register("total_budget_usd")} />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              {conflict ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    close();
                    router.refresh();
                  }}
                >
                  Reload the list
                </Button>
              ) : null}
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting || spend.confirming}>
                {form.formState.isSubmitting ? "Saving…" : "Save"}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
      {spend.dialog}
    </>
  );
}
