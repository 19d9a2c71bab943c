"use client";
// The delivery forecast as the targeting, bid and budgets change
// (forecastCampaignDelivery, use-forecast.ts), and the full estimate on demand
// (previewCampaignCreate: the notification's review and icon check too): one
// preview counted against the advertiser's previews a minute, so never while
// typing; it describes the form as it was when asked, and is dropped at the next
// change.
import { Button } from "@/components/ui/button";
import { estimateSummary } from "./estimate";
import type { Forecast } from "./use-forecast";

export type Estimate =
  | { kind: "none" }
  | { kind: "pending" }
  | { kind: "shown"; title: string; detail: string }
  | { kind: "failed"; message: string };

function ForecastText({ forecast }: { forecast: Forecast }) {
  if (forecast.kind === "missing") return <p className="text-xs">{forecast.message} to see a forecast.</p>;
  if (forecast.kind === "pending") return <p className="text-xs">Forecasting…</p>;
  if (forecast.kind === "failed") return <p className="text-xs text-danger">{forecast.message}</p>;
  const summary = estimateSummary({ ...forecast.forecast, creativeStatus: "APPROVED" });
  return (
    <>
      <p className="font-medium text-ink">{summary.title}</p>
      <p className="mt-1 text-xs">{summary.detail}</p>
    </>
  );
}

export function EstimatePanel({
  estimate,
  forecast,
  onEstimate,
}: {
  estimate: Estimate;
  forecast: Forecast;
  onEstimate: () => void;
}) {
  return (
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
          <div data-testid="delivery-forecast">
            <ForecastText forecast={forecast} />
          </div>
        )}
      </div>
      <p className="mt-2 text-xs text-muted">
        From other advertisers&apos; recent auctions on the selected moment types and sports. Check the notification
        too: its review and icon decide whether it delivers at all.
      </p>
      <Button variant="secondary" className="mt-3" disabled={estimate.kind === "pending"} onClick={onEstimate}>
        {estimate.kind === "pending" ? "Checking…" : "Check notification and estimate"}
      </Button>
    </section>
  );
}
