"use client";
// Create a campaign: react-hook-form over createCampaign's own schema (campaign-form-values.ts:
// the bid against the highest floor of the chosen moment types, budgets, dates,
// notification text), checked as typed; a failed submit focuses the error
// summary, whose links lead to each field; the server's userErrors (the icon
// check, say) land on the fields they name. The fields are in three parts
// (targeting, bid and budget, notification), with the preview and the delivery
// estimate beside them on wide screens and above the buttons on phones.
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import {
  CampaignEstimateDocument,
  CreateCampaignDocument,
  type CampaignFormCatalogQuery,
} from "@/graphql/__generated__/client/graphql";
import { apiResolver } from "@/components/forms/api-resolver";
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
  type CampaignBody,
  type CampaignFormValues,
} from "./campaign-form-values";
import { CreativeFields } from "./creative-fields";
import { estimateSummary } from "./estimate";
import { EstimatePanel, type Estimate } from "./estimate-panel";
import { PushPreview } from "./push-preview";
import { RegionTargeting } from "./region-targeting";
import { TargetingFields } from "./targeting-fields";
import { useForecast } from "./use-forecast";

const UNREACHABLE = "The server could not be reached. Try again.";

export function CampaignForm({
  catalog,
  appName,
  today,
}: {
  catalog: CampaignFormCatalogQuery;
  appName: string;
  today: string;
}) {
  const router = useRouter();
  const resolver = useMemo(() => apiResolver<CampaignBody, CampaignFormValues>(campaignFormSchema(today)), [today]);
  const form = useForm<CampaignFormValues, unknown, CampaignBody>({
    resolver,
    defaultValues: campaignFormDefaults(today),
    mode: "onChange",
    shouldFocusError: false,
  });
  const errors = useErrorSummary(form, CAMPAIGN_FIELDS);
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
      const data = await gqlFetch(CreateCampaignDocument, { input: createCampaignInput(body) });
      const payload = data.createCampaign;
      if (payload?.campaign) {
        router.push(`/campaigns/${payload.campaign.id}`);
        return;
      }
      if (!errors.showUserErrors(payload?.userErrors)) errors.showFormError("The campaign was not created.");
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
      <form
        noValidate
        onSubmit={submit}
        aria-label="New campaign"
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
            <CardHeader title="Notification" description="Reviewed automatically when the campaign is created." />
            <CardBody className="space-y-5">
              <CreativeFields path="creative." />
            </CardBody>
          </Card>
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
          <Button variant="secondary" onClick={() => router.push("/campaigns")}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Creating…" : "Create campaign"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
