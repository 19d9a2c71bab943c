"use client";
// The delivery estimate on demand (previewCampaignCreate): one preview counted
// against the advertiser's previews a minute, so never while typing; it
// describes the form as it was when asked, and is dropped at the next change.
import { Button } from "@/components/ui/button";

export type Estimate =
  | { kind: "none" }
  | { kind: "pending" }
  | { kind: "shown"; title: string; detail: string }
  | { kind: "failed"; message: string };

export function EstimatePanel({ estimate, onEstimate }: { estimate: Estimate; onEstimate: () => void }) {
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
          <p className="text-xs">
            From other advertisers&apos; recent auctions on the selected moment types and sports. The icon is checked
            too.
          </p>
        )}
      </div>
      <Button variant="secondary" className="mt-3" disabled={estimate.kind === "pending"} onClick={onEstimate}>
        {estimate.kind === "pending" ? "Estimating…" : "Estimate delivery"}
      </Button>
    </section>
  );
}
