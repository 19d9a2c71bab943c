"use client";
// Create a campaign: react-hook-form over createCampaign's own schema (campaign-form-values.ts:
// the bid against the highest floor of the chosen moment types, budgets, dates,
// notification text), checked as typed; a failed submit focuses the error
// summary, whose links lead to each field; the server's userErrors (the icon
// check, say) land on the fields they name. The fields are in three parts
// (targeting, bid and budget, notification), with the preview and the delivery
// estimate beside them on wide screens and above the buttons on phones.
// With a `draft` it is copy and edit (docs/decisions/1231): the source campaign's settings,
// creative and other variants, every one editable, saved by duplicateCampaign as a new campaign.
// Leaving it half filled asks first (useLeavePrompt).
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import {
  CampaignEstimateDocument,
  CreateCampaignDocument,
  DuplicateCampaignDocument,
  type CampaignFormCatalogQuery,
} from "@/graphql/__generated__/client/graphql";
import { apiResolver } from "@/components/forms/api-resolver";
import { useLeavePrompt } from "@/components/forms/leave-prompt";
import { useErrorSummary } from "@/components/forms/use-error-summary";
import { gqlFetch } from "@/components/graphql-client";
import { GraphqlError } from "@/components/graphql-errors";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { BidBudgetFields } from "./bid-budget-fields";
import {
  CAMPAIGN_FIELDS,
  campaignFormDefaults,
  campaignFormSchema,
  createCampaignInput,
  creativeFields,
  duplicateCampaignInput,
  duplicateFormSchema,
  type CampaignBody,
  type CampaignFormValues,
  type DuplicateBody,
} from "./campaign-form-values";
import { CreativeFields } from "./creative-fields";
import { estimateSummary } from "./estimate";
import { EstimatePanel, type Estimate } from "./estimate-panel";
import { PushPreview } from "./push-preview";
import { RegionTargeting } from "./region-targeting";
import { TargetingFields } from "./targeting-fields";
import { useForecast } from "./use-forecast";

const UNREACHABLE = "The server could not be reached. Try again.";

/** The campaign a copy starts from: its id, its name and its values in the form (variants included). */
export type CampaignDraft = { sourceId: string; sourceName: string; values: CampaignFormValues };

type FormBody = CampaignBody & Partial<Pick<DuplicateBody, "variants">>;

export function CampaignForm({
  catalog,
  appName,
  today,
  draft,
}: {
  catalog: CampaignFormCatalogQuery;
  appName: string;
  today: string;
  draft?: CampaignDraft;
}) {
  const router = useRouter();
  const resolver = useMemo(
    () =>
      apiResolver<FormBody, CampaignFormValues>(
        (draft ? duplicateFormSchema(today) : campaignFormSchema(today)) as z.ZodType<FormBody, unknown>,
      ),
    [today, draft],
  );
  const form = useForm<CampaignFormValues, unknown, FormBody>({
    resolver,
    defaultValues: draft?.values ?? campaignFormDefaults(today),
    mode: "onChange",
    shouldFocusError: false,
  });
  const variants = useFieldArray({ control: form.control, name: "variants" });
  const [copyStatus, setCopyStatus] = useState<"PAUSED" | "ACTIVE">("PAUSED");
  const summaryFields = useMemo(
    () => [
      ...CAMPAIGN_FIELDS,
      ...variants.fields.flatMap((_, index) => creativeFields(`variants.${index}.`, `variant${index + 1}-`)),
    ],
    [variants.fields],
  );
  const errors = useErrorSummary(form, summaryFields);
  // a copy is a draft from the start: leaving it loses the edits; a new form once anything is typed
  const prompt = useLeavePrompt(draft !== undefined || form.formState.isDirty);
  const [estimate, setEstimate] = useState<Estimate>({ kind: "none" });
  const values = useWatch({ control: form.control });
  const creative = values.creative ?? {};
  const forecast = useForecast(values);

  // the bid is checked against the floor again when the moment types change (once there is a bid)
  const types = values.moment_types;
  useEffect(() => {
    if (form.getValues("bid_cpm_usd")) void form.trigger("bid_cpm_usd");
  }, [types, form]);
  // an estimate describes the form as it was
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: () => setEstimate((current) => (current.kind === "none" ? current : { kind: "none" })),
      }),
    [form],
  );

  const submit = form.handleSubmit(async (body) => {
    try {
      const payload = draft
        ? (
            await gqlFetch(DuplicateCampaignDocument, {
              input: duplicateCampaignInput(
                draft.sourceId,
                { ...body, variants: body.variants ?? [] },
                { creative: draft.values.creative, variants: draft.values.variants ?? [] },
                copyStatus,
              ),
            })
          ).duplicateCampaign
        : (await gqlFetch(CreateCampaignDocument, { input: createCampaignInput(body) })).createCampaign;
      if (payload?.campaign) {
        prompt.release();
        router.push(`/campaigns/${payload.campaign.id}`);
        return;
      }
      if (!errors.showUserErrors(payload?.userErrors)) {
        errors.showFormError(draft ? "The copy was not created." : "The campaign was not created.");
      }
    } catch (error) {
      errors.showFormError(error instanceof GraphqlError ? error.message : UNREACHABLE);
    }
  }, errors.onInvalid);

  const estimateDelivery = form.handleSubmit(async (body) => {
    setEstimate({ kind: "pending" });
    try {
      const data = await gqlFetch(CampaignEstimateDocument, { input: createCampaignInput(body) });
      const preview = data.previewCampaignCreate?.preview;
      if (preview) {
        setEstimate({ kind: "shown", ...estimateSummary(preview) });
        return;
      }
      errors.showUserErrors(data.previewCampaignCreate?.userErrors);
      setEstimate({ kind: "failed", message: "Correct the fields in the summary to see an estimate." });
    } catch (error) {
      setEstimate({ kind: "failed", message: error instanceof GraphqlError ? error.message : UNREACHABLE });
    }
  }, errors.onInvalid);

  return (
    <FormProvider {...form}>
      {prompt.dialog}
      <form
        noValidate
        onSubmit={submit}
        aria-label={draft ? `Copy of ${draft.sourceName}` : "New campaign"}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]"
      >
        <div className="min-w-0 space-y-6 lg:col-start-1">
          {errors.summary}
          <Card>
            <CardHeader title="Campaign" />
            <CardBody className="space-y-5">
              <Field id="name" label="Name" error={errors.errorOf("name")}>
                <Input autoComplete="off" {...form.register("name")} />
              </Field>
              <TargetingFields catalog={catalog} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title="Regions"
              description="Where the users are. None chosen: everywhere (users whose region the publisher does not know included)."
            />
            <CardBody className="space-y-5">
              <RegionTargeting
                control={form.control}
                errorOf={errors.errorOf}
                ids={{ target: "targetRegions", excluded: "excludedRegions" }}
                targetHint="A country includes all its states or provinces. A sportsbook serves only where it is licensed."
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Bid and budget" />
            <CardBody className="grid gap-5 sm:grid-cols-2">
              <BidBudgetFields catalog={catalog} today={today} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title={draft ? "Notification (variant A)" : "Notification"}
              description="Reviewed automatically when the campaign is created."
            />
            <CardBody className="space-y-5">
              <CreativeFields path="creative." />
            </CardBody>
          </Card>
          {draft ? (
            <Card>
              <CardHeader
                title="Other variants"
                description="Copied from the source and reviewed again; a variant you paused there stays paused unless you change the variants."
              />
              <CardBody className="space-y-6">
                {variants.fields.length === 0 ? <p className="text-sm text-muted">No other variants.</p> : null}
                {variants.fields.map((field, index) => (
                  <fieldset key={field.id} className="space-y-5 border-t border-line pt-4 first:border-t-0 first:pt-0">
                    <legend className="text-sm font-semibold">Variant {String.fromCharCode(66 + index)}</legend>
                    <CreativeFields path={`variants.${index}.`} idPrefix={`variant${index + 1}-`} />
                    <Button variant="secondary" onClick={() => variants.remove(index)}>
                      Remove variant {String.fromCharCode(66 + index)}
                    </Button>
                  </fieldset>
                ))}
                {variants.fields.length < 25 ? (
                  <Button variant="secondary" onClick={() => variants.append({ ...form.getValues("creative") })}>
                    Add a variant (starts from variant A)
                  </Button>
                ) : null}
              </CardBody>
            </Card>
          ) : null}
          {draft ? (
            <Card>
              <CardHeader title="When it is created" />
              <CardBody>
                <fieldset>
                  <legend className="sr-only">When the copy is created</legend>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="copy-status"
                      checked={copyStatus === "PAUSED"}
                      onChange={() => setCopyStatus("PAUSED")}
                    />
                    Keep it paused until I resume it
                  </label>
                  <label className="mt-2 flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="copy-status"
                      checked={copyStatus === "ACTIVE"}
                      onChange={() => setCopyStatus("ACTIVE")}
                    />
                    Start delivering from its start date
                  </label>
                </fieldset>
              </CardBody>
            </Card>
          ) : null}
        </div>
        {/* after the fields and before the buttons: on a phone the preview is read before submitting */}
        <aside className="min-w-0 space-y-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <PushPreview
            appName={appName}
            headline={creative.headline ?? ""}
            body={creative.body ?? ""}
            ctaText={creative.cta_text}
            iconUrl={creative.icon_url}
          />
          <EstimatePanel estimate={estimate} forecast={forecast} onEstimate={() => void estimateDelivery()} />
        </aside>
        <div className="flex justify-end gap-2 lg:col-start-1">
          <Button
            variant="secondary"
            onClick={() => prompt.leave(draft ? `/campaigns/${draft.sourceId}` : "/campaigns")}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Creating…" : draft ? "Create the copy" : "Create campaign"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
