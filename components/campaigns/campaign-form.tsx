"use client";
// Create a campaign: every field is checked as it is typed by the SAME zod schema
// as the API (lib/domain/campaigns/campaigns.schemas.ts: the bid against the
// highest floor of the selected moment types, budgets, dates, creative text);
// the clearing-price p50 of the chosen moment types beside the bid; a live
// preview of the notification; the delivery estimate on demand (one preview,
// previewCampaignCreate, counted against the advertiser's previews a minute, so
// never while typing); the server's userErrors (the icon check, say) shown on
// the fields they name. Submitted as the createCampaign mutation.
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import {
  CampaignEstimateDocument,
  CreateCampaignDocument,
  type CampaignFormCatalogQuery,
  type CreateCampaignInput,
} from "@/graphql/__generated__/client/graphql";
import {
  createCampaignInputFor,
  MIN_DAILY_BUDGET_USD,
  MIN_TOTAL_BUDGET_USD,
} from "@/lib/domain/campaigns/campaigns.schemas";
import { CLEARING_WINDOW_DAYS } from "@/lib/domain/clearing-prices/clearing-prices.schemas";
import { MARKET_MIN_ADVERTISERS, MARKET_MIN_AUCTIONS } from "@/lib/domain/market/market.schemas";
import { BODY_MAX, CTA_MAX, HEADLINE_MAX } from "@/lib/domain/creatives/creatives.schemas";
import { formatUsd } from "@/components/format";
import { gqlFetch } from "@/components/graphql-client";
import { GraphqlError } from "@/components/graphql-errors";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, FieldSet } from "@/components/ui/field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { ErrorState } from "@/components/ui/states";
import { userFieldErrors, zodFieldErrors } from "@/components/form-errors";
import { usdAmount } from "./amount";
import { estimateSummary } from "./estimate";
import { bidFloorHint } from "./floors";
import { PACING_LABELS, PACING_OPTIONS } from "./pacing";
import { PushPreview } from "./push-preview";

type Catalog = CampaignFormCatalogQuery;
type MomentTypeKey = Catalog["momentTypes"][number]["key"];
type Sport = Catalog["sports"][number]["key"];

type State = {
  name: string;
  momentTypes: MomentTypeKey[];
  sports: Sport[];
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  totalBudgetUsd: string;
  startDate: string;
  endDate: string;
  pacing: "EVEN" | "ASAP";
  headline: string;
  body: string;
  ctaText: string;
  iconUrl: string;
  actionUrl: string;
};

const FIELD_OF: Record<string, string> = {
  "creative.headline": "headline",
  "creative.body": "body",
  "creative.ctaText": "ctaText",
  "creative.iconUrl": "iconUrl",
  "creative.actionUrl": "actionUrl",
};

/** The form as the REST body the shared schema parses (snake_case, lower-case keys). */
function restBody(state: State) {
  return {
    name: state.name,
    moment_types: state.momentTypes.map((key) => key.toLowerCase()),
    sports: state.sports.map((key) => key.toLowerCase()),
    bid_cpm_usd: usdAmount(state.bidCpmUsd),
    daily_budget_usd: usdAmount(state.dailyBudgetUsd),
    total_budget_usd: usdAmount(state.totalBudgetUsd),
    start_date: state.startDate,
    end_date: state.endDate || null,
    pacing: state.pacing.toLowerCase(),
    creative: {
      headline: state.headline,
      body: state.body,
      icon_url: state.iconUrl,
      action_url: state.actionUrl,
      ...(state.ctaText ? { cta_text: state.ctaText } : {}),
    },
  };
}

/** The form as createCampaign's (and previewCampaignCreate's) GraphQL input. */
function graphqlInput(state: State): CreateCampaignInput {
  return {
    name: state.name,
    momentTypes: state.momentTypes,
    sports: state.sports,
    bidCpmUsd: state.bidCpmUsd,
    dailyBudgetUsd: state.dailyBudgetUsd,
    totalBudgetUsd: state.totalBudgetUsd,
    startDate: state.startDate,
    endDate: state.endDate || null,
    pacing: state.pacing,
    creative: {
      headline: state.headline,
      body: state.body,
      iconUrl: state.iconUrl,
      actionUrl: state.actionUrl,
      ctaText: state.ctaText || null,
    },
  };
}

type Estimate =
  | { kind: "none" }
  | { kind: "pending" }
  | { kind: "shown"; title: string; detail: string }
  | { kind: "failed"; message: string };

function localKey(key: string): string {
  return FIELD_OF[key] ?? key;
}

export function CampaignForm({ catalog, appName, today }: { catalog: Catalog; appName: string; today: string }) {
  const router = useRouter();
  const schema = useMemo(() => createCampaignInputFor(() => today), [today]);
  const [state, setState] = useState<State>({
    name: "",
    momentTypes: [],
    sports: [],
    bidCpmUsd: "",
    dailyBudgetUsd: "50",
    totalBudgetUsd: "500",
    startDate: today,
    endDate: "",
    pacing: "EVEN",
    headline: "",
    body: "",
    ctaText: "",
    iconUrl: "",
    actionUrl: "",
  });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [estimate, setEstimate] = useState<Estimate>({ kind: "none" });

  const clientErrors = useMemo(() => {
    const result = schema.safeParse(restBody(state));
    if (result.success) return {} as Record<string, string>;
    return Object.fromEntries(
      Object.entries(zodFieldErrors(result.error)).map(([key, value]) => [localKey(key), value]),
    );
  }, [schema, state]);

  const show = (field: string): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    if (submitted || touched.has(field)) return clientErrors[field];
    // the bid is checked live against the floor as soon as there is one
    if (field === "bidCpmUsd" && state.bidCpmUsd !== "" && state.momentTypes.length) return clientErrors[field];
    return undefined;
  };

  const set = <K extends keyof State>(key: K, value: State[K]) => {
    setState((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _, ...rest }) => rest);
    // an estimate describes the form as it was
    setEstimate({ kind: "none" });
  };
  const touch = (field: string) => setTouched((current) => new Set(current).add(field));
  const toggle = <T extends string>(list: T[], value: T): T[] =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  const selected = catalog.momentTypes.filter((type) => state.momentTypes.includes(type.key));
  const sportName = (key: string) => catalog.sports.find((sport) => sport.key === key)?.displayName ?? key;

  /** Shows every client-side error and focuses the first; false when the form cannot be sent. */
  function readyToSend(): boolean {
    setSubmitted(true);
    if (!Object.keys(clientErrors).length) return true;
    const first = Object.keys(clientErrors)[0]!;
    document.getElementById(first)?.focus();
    return false;
  }

  /** The server's userErrors on their fields; the first focused. */
  function showUserErrors(userErrors: Parameters<typeof userFieldErrors>[0]) {
    const errors = Object.fromEntries(
      Object.entries(userFieldErrors(userErrors)).map(([key, value]) => [localKey(key), value]),
    );
    setServerErrors(errors);
    if (errors._form) setFormError(errors._form);
    const first = Object.keys(errors).find((key) => key !== "_form");
    if (first) document.getElementById(first)?.focus();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!readyToSend()) return;
    setPending(true);
    try {
      const data = await gqlFetch(CreateCampaignDocument, { input: graphqlInput(state) });
      const payload = data.createCampaign;
      if (payload?.campaign) {
        router.push(`/campaigns/${payload.campaign.id}`);
        return;
      }
      showUserErrors(payload?.userErrors);
    } catch (error) {
      setFormError(error instanceof GraphqlError ? error.message : "The server could not be reached. Try again.");
    }
    setPending(false);
  }

  async function estimateDelivery() {
    setFormError(null);
    if (!readyToSend()) return;
    setEstimate({ kind: "pending" });
    try {
      const data = await gqlFetch(CampaignEstimateDocument, { input: graphqlInput(state) });
      const preview = data.previewCampaignCreate?.preview;
      if (preview) {
        setEstimate({ kind: "shown", ...estimateSummary(preview) });
        return;
      }
      showUserErrors(data.previewCampaignCreate?.userErrors);
      setEstimate({ kind: "failed", message: "Correct the highlighted fields to see an estimate." });
    } catch (error) {
      setEstimate({
        kind: "failed",
        message: error instanceof GraphqlError ? error.message : "The server could not be reached. Try again.",
      });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0 space-y-6">
        {formError ? <ErrorState title="The campaign was not created">{formError}</ErrorState> : null}
        <Card>
          <CardHeader title="Campaign" />
          <CardBody className="space-y-5">
            <Field id="name" label="Name" error={show("name")}>
              <Input value={state.name} onChange={(e) => set("name", e.target.value)} onBlur={() => touch("name")} />
            </Field>
            <FieldSet
              id="momentTypes"
              legend="Moment types"
              hint="The moments of a live game your notification is sent at. Each has a floor CPM."
              error={show("momentTypes")}
            >
              <div className="grid gap-2 sm:grid-cols-2">
                {catalog.momentTypes.map((type) => (
                  <label
                    key={type.key}
                    className="flex cursor-pointer items-start gap-2 rounded-md border border-line p-2.5 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4 accent-blue-700"
                      checked={state.momentTypes.includes(type.key)}
                      onChange={() => {
                        set("momentTypes", toggle(state.momentTypes, type.key));
                        touch("momentTypes");
                      }}
                    />
                    <span className="min-w-0">
                      <span className="font-medium text-ink">{type.displayName}</span>{" "}
                      <span className="text-muted">· floor {formatUsd(type.floorCpmUsd)}</span>
                      <span className="block text-xs text-muted">{type.description}</span>
                    </span>
                  </label>
                ))}
              </div>
            </FieldSet>
            <FieldSet id="sports" legend="Sports" error={show("sports")}>
              <div className="flex flex-wrap gap-2">
                {catalog.sports.map((sport) => (
                  <label
                    key={sport.key}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-blue-700"
                      checked={state.sports.includes(sport.key)}
                      onChange={() => {
                        set("sports", toggle(state.sports, sport.key));
                        touch("sports");
                      }}
                    />
                    {sport.displayName}
                  </label>
                ))}
              </div>
              {selected.some((type) => !type.availableSports.some((sport) => state.sports.includes(sport))) &&
              state.sports.length ? (
                <p className="text-xs text-warn">
                  Some selected moment types do not happen in the selected sports:{" "}
                  {selected
                    .filter((type) => !type.availableSports.some((sport) => state.sports.includes(sport)))
                    .map((type) => `${type.displayName} (${type.availableSports.map(sportName).join(", ")})`)
                    .join("; ")}
                </p>
              ) : null}
            </FieldSet>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Bid and budget" />
          <CardBody className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field
                id="bidCpmUsd"
                label="Bid (CPM, USD)"
                hint={bidFloorHint(state.momentTypes) ?? "Select moment types to see their floors."}
                error={show("bidCpmUsd")}
              >
                <Input
                  inputMode="decimal"
                  value={state.bidCpmUsd}
                  onChange={(e) => set("bidCpmUsd", e.target.value)}
                  onBlur={() => touch("bidCpmUsd")}
                  className="max-w-48"
                />
              </Field>
              <div className="mt-2 rounded-md bg-slate-50 p-3 text-xs text-slate-700" aria-live="polite">
                <p className="font-medium text-ink">Clearing price p50, last {CLEARING_WINDOW_DAYS} days</p>
                {selected.length ? (
                  <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
                    {selected.map((type) => (
                      <li key={type.key}>
                        {type.displayName}:{" "}
                        <span className="font-medium tabular-nums">
                          {type.clearingPrices?.clearingPriceP50Usd
                            ? formatUsd(type.clearingPrices.clearingPriceP50Usd)
                            : "not enough market data yet"}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1">Select moment types to see what winning bids cost.</p>
                )}
                <p className="mt-1 text-slate-500">
                  Shown once at least {MARKET_MIN_AUCTIONS} of a type&apos;s auctions were won by at least{" "}
                  {MARKET_MIN_ADVERTISERS} different advertisers, so no one&apos;s bid can be read from it.
                </p>
              </div>
            </div>
            <Field
              id="dailyBudgetUsd"
              label="Daily budget (USD)"
              hint={`At least ${formatUsd(MIN_DAILY_BUDGET_USD)}, in UTC days.`}
              error={show("dailyBudgetUsd")}
            >
              <Input
                inputMode="decimal"
                value={state.dailyBudgetUsd}
                onChange={(e) => set("dailyBudgetUsd", e.target.value)}
                onBlur={() => touch("dailyBudgetUsd")}
              />
            </Field>
            <Field
              id="totalBudgetUsd"
              label="Total budget (USD)"
              hint={`At least ${formatUsd(MIN_TOTAL_BUDGET_USD)}.`}
              error={show("totalBudgetUsd")}
            >
              <Input
                inputMode="decimal"
                value={state.totalBudgetUsd}
                onChange={(e) => set("totalBudgetUsd", e.target.value)}
                onBlur={() => touch("totalBudgetUsd")}
              />
            </Field>
            <Field id="startDate" label="Start date (UTC)" error={show("startDate")}>
              <Input
                type="date"
                min={today}
                value={state.startDate}
                onChange={(e) => set("startDate", e.target.value)}
                onBlur={() => touch("startDate")}
              />
            </Field>
            <Field
              id="endDate"
              label="End date (UTC, optional)"
              hint="Empty: runs until the budget is spent."
              error={show("endDate")}
            >
              <Input
                type="date"
                min={state.startDate || today}
                value={state.endDate}
                onChange={(e) => set("endDate", e.target.value)}
                onBlur={() => touch("endDate")}
              />
            </Field>
            <Field
              id="pacing"
              label="Pacing"
              hint={
                state.pacing === "EVEN"
                  ? `${PACING_LABELS.EVEN}: spend spread over the day (never ahead of a straight line to midnight UTC).`
                  : `${PACING_LABELS.ASAP}: spend as auctions are won.`
              }
              error={show("pacing")}
            >
              <Select value={state.pacing} onChange={(e) => set("pacing", e.target.value as State["pacing"])}>
                {PACING_OPTIONS.map((pacing) => (
                  <option key={pacing} value={pacing}>
                    {PACING_LABELS[pacing]}
                  </option>
                ))}
              </Select>
            </Field>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Notification" description="Reviewed automatically when the campaign is created." />
          <CardBody className="space-y-5">
            <Field
              id="headline"
              label="Headline"
              aside={
                <span className="text-xs text-muted tabular-nums">
                  {[...state.headline].length}/{HEADLINE_MAX}
                </span>
              }
              error={show("headline")}
            >
              <Input
                value={state.headline}
                onChange={(e) => set("headline", e.target.value)}
                onBlur={() => touch("headline")}
              />
            </Field>
            <Field
              id="body"
              label="Message"
              aside={
                <span className="text-xs text-muted tabular-nums">
                  {[...state.body].length}/{BODY_MAX}
                </span>
              }
              error={show("body")}
            >
              <Textarea
                rows={3}
                value={state.body}
                onChange={(e) => set("body", e.target.value)}
                onBlur={() => touch("body")}
              />
            </Field>
            <Field
              id="ctaText"
              label="Button text (optional)"
              aside={
                <span className="text-xs text-muted tabular-nums">
                  {[...state.ctaText].length}/{CTA_MAX}
                </span>
              }
              error={show("ctaText")}
            >
              <Input
                value={state.ctaText}
                onChange={(e) => set("ctaText", e.target.value)}
                onBlur={() => touch("ctaText")}
              />
            </Field>
            <Field
              id="iconUrl"
              label="Icon URL"
              hint="A square image on a public HTTPS address; we check that it answers when you create the campaign."
              error={show("iconUrl")}
            >
              <Input
                type="url"
                inputMode="url"
                value={state.iconUrl}
                onChange={(e) => set("iconUrl", e.target.value)}
                onBlur={() => touch("iconUrl")}
              />
            </Field>
            <Field
              id="actionUrl"
              label="Click destination"
              hint="An https URL or an app deep link; the click id is added to it."
              error={show("actionUrl")}
            >
              <Input
                type="url"
                inputMode="url"
                value={state.actionUrl}
                onChange={(e) => set("actionUrl", e.target.value)}
                onBlur={() => touch("actionUrl")}
              />
            </Field>
          </CardBody>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => router.push("/campaigns")}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create campaign"}
          </Button>
        </div>
      </div>
      <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start">
        <PushPreview
          appName={appName}
          headline={state.headline}
          body={state.body}
          ctaText={state.ctaText}
          iconUrl={state.iconUrl}
        />
        <section aria-labelledby="estimate-title" className="rounded-md border border-line bg-white p-4 text-sm">
          <h2 id="estimate-title" className="font-medium text-ink">
            Estimated delivery
          </h2>
          <div aria-live="polite" data-testid="delivery-estimate" className="mt-1 text-slate-700">
            {estimate.kind === "shown" ? (
              <>
                <p className="font-medium text-ink">{estimate.title}</p>
                <p className="mt-1 text-xs">{estimate.detail}</p>
              </>
            ) : estimate.kind === "failed" ? (
              <p className="text-danger">{estimate.message}</p>
            ) : (
              <p className="text-xs">
                From other advertisers&apos; recent auctions on the selected moment types and sports. The icon is
                checked too.
              </p>
            )}
          </div>
          <Button
            variant="secondary"
            className="mt-3"
            disabled={estimate.kind === "pending"}
            onClick={() => void estimateDelivery()}
          >
            {estimate.kind === "pending" ? "Estimating…" : "Estimate delivery"}
          </Button>
        </section>
      </aside>
    </form>
  );
}
