"use client";
// The create form's bid and budget: the bid with the highest floor of the chosen
// moment types and their clearing-price p50 beside it, the budgets, the dates
// (UTC) and the pacing.
import { useFormContext, useWatch } from "react-hook-form";
import type { CampaignFormCatalogQuery } from "@/graphql/__generated__/client/graphql";
import { MIN_DAILY_BUDGET_USD, MIN_TOTAL_BUDGET_USD } from "@/lib/domain/campaigns/campaigns.schemas";
import { CLEARING_WINDOW_DAYS } from "@/lib/domain/clearing-prices/clearing-prices.schemas";
import { MARKET_MIN_ADVERTISERS, MARKET_MIN_AUCTIONS } from "@/lib/domain/market/market.schemas";
import { formatUsd } from "@/components/format";
import { fieldError } from "@/components/forms/use-error-summary";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import type { CampaignFormValues } from "./campaign-form-values";
import { bidFloorHint } from "./floors";
import { dailyAboveTotal } from "./forecast";
import { PACING_LABELS } from "./pacing";

const AMOUNT_HINT = "In US dollars, such as 2.50 or $2.50.";

export function BidBudgetFields({ catalog, today }: { catalog: CampaignFormCatalogQuery; today: string }) {
  const { register, control, formState } = useFormContext<CampaignFormValues>();
  const [types, startDate, pacing, daily, total] = useWatch({
    control,
    name: ["moment_types", "start_date", "pacing", "daily_budget_usd", "total_budget_usd"],
  });
  const selected = catalog.momentTypes.filter((type) => types.includes(type.key.toLowerCase()));
  const error = (name: string) => fieldError(formState.errors, name);
  return (
    <>
      <div className="sm:col-span-2">
        <Field
          id="bidCpmUsd"
          label="Bid (CPM, USD)"
          hint={`${bidFloorHint(types) ?? "Select moment types to see their floors."} ${AMOUNT_HINT}`}
          error={error("bid_cpm_usd")}
        >
          <Input inputMode="decimal" autoComplete="off" className="max-w-48" {...register("bid_cpm_usd")} />
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
          <p className="mt-1 text-slate-600">
            Shown once at least {MARKET_MIN_AUCTIONS} of a type&apos;s auctions were won by at least{" "}
            {MARKET_MIN_ADVERTISERS} different advertisers, so no one&apos;s bid can be read from it.
          </p>
        </div>
      </div>
      <Field
        id="dailyBudgetUsd"
        label="Daily budget (USD)"
        hint={`At least ${formatUsd(MIN_DAILY_BUDGET_USD)}, in UTC days.`}
        error={error("daily_budget_usd")}
      >
        <Input inputMode="decimal" autoComplete="off" {...register("daily_budget_usd")} />
      </Field>
      <Field
        id="totalBudgetUsd"
        label="Total budget (USD)"
        hint={`At least ${formatUsd(MIN_TOTAL_BUDGET_USD)}.`}
        error={error("total_budget_usd")}
      >
        <Input inputMode="decimal" autoComplete="off" {...register("total_budget_usd")} />
      </Field>
      {dailyAboveTotal(daily, total) ? (
        <p className="text-sm text-amber-800 sm:col-span-2" role="status" data-testid="budget-warning">
          The daily budget is above the total budget: the campaign can spend its whole total on its first day.
        </p>
      ) : null}
      <Field id="startDate" label="Start date (UTC)" error={error("start_date")}>
        <Input type="date" min={today} {...register("start_date", { deps: ["end_date"] })} />
      </Field>
      <Field
        id="endDate"
        label="End date (UTC, optional)"
        hint="Empty: runs until the budget is spent."
        error={error("end_date")}
      >
        <Input type="date" min={startDate || today} {...register("end_date")} />
      </Field>
      <Field
        id="pacing"
        label="Pacing"
        hint={
          pacing === "even"
            ? `${PACING_LABELS.EVEN}: spend spread over the day (never ahead of a straight line to midnight UTC).`
            : `${PACING_LABELS.ASAP}: spend as auctions are won.`
        }
        error={error("pacing")}
      >
        <Select {...register("pacing")}>
          <option value="even">{PACING_LABELS.EVEN}</option>
          <option value="asap">{PACING_LABELS.ASAP}</option>
        </Select>
      </Field>
      <Field
        id="targetCpaUsd"
        label="Target CPA (USD, optional)"
        hint="With conversions, the bid is adjusted toward this cost per conversion. Empty: the bid stays as set."
        error={error("target_cpa_usd")}
      >
        <Input inputMode="decimal" autoComplete="off" {...register("target_cpa_usd")} />
      </Field>
    </>
  );
}
