"use client";
// The one confirmation of a change that can raise spend (docs/decisions/1217, 1243): the API's own
// preview (previewCampaignUpdate) says whether a change `raisesSpend`; when any of the previewed
// changes does, a dialog lists each one's changes and its daily estimate now and after, and the
// change is saved only once confirmed; otherwise it is saved at once. The campaign's edit form, the
// list's inline bid/budget dialog and the list's bulk "Set bid" / "Set budget" all use it
// (usePreviewedUpdate): the rule is the API's, the wording is this file's.
import { useState, type ReactNode } from "react";
import {
  PreviewCampaignUpdateDocument,
  type PreviewCampaignUpdateQuery,
  type UpdateCampaignInput,
  type UserErrorFieldsFragment,
} from "@/graphql/__generated__/client/graphql";
import { formatCount, formatUsd } from "@/components/format";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export type UpdatePreview = NonNullable<NonNullable<PreviewCampaignUpdateQuery["previewCampaignUpdate"]>["preview"]>;

/** A previewed change, named by its campaign when several are confirmed together. */
export type NamedPreview = { name?: string; preview: UpdatePreview };

const CHANGE_LABELS: Record<string, string> = {
  name: "Name",
  bidCpmUsd: "Bid (CPM)",
  dailyBudgetUsd: "Daily budget",
  totalBudgetUsd: "Total budget",
  endDate: "End date",
  pacing: "Pacing",
  targetCpaUsd: "Target CPA",
  targetRegions: "Serve only in",
  excludedRegions: "Never serve in",
};

const MONEY_CHANGES = new Set(["bidCpmUsd", "dailyBudgetUsd", "totalBudgetUsd", "targetCpaUsd"]);

/** A changed value as the page shows it: amounts in dollars, an absent one as "none". */
function changeValue(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "none";
  return MONEY_CHANGES.has(field) ? formatUsd(value) : value;
}

/** A daily estimate in words: the figures, or why there are none. */
function estimateText(status: string, impressions: number, spendUsd: string): string {
  if (status === "INSUFFICIENT_VOLUME") return "not enough market data yet";
  return `about ${formatCount(impressions)} impressions and ${formatUsd(spendUsd)} a day`;
}

/** The preview of an update: its userErrors (none when it can be saved) and what it would do. */
export async function previewUpdate(
  input: UpdateCampaignInput,
): Promise<{ userErrors: readonly UserErrorFieldsFragment[]; preview: UpdatePreview | null }> {
  const data = await gqlFetch(PreviewCampaignUpdateDocument, { input });
  const payload = data.previewCampaignUpdate;
  return { userErrors: payload?.userErrors ?? [], preview: payload?.preview ?? null };
}

function PreviewDetails({ preview }: { preview: UpdatePreview }) {
  return (
    <>
      <ul className="list-disc pl-5">
        {preview.changes.map((change) => (
          <li key={change.field}>
            {CHANGE_LABELS[change.field] ?? change.field}: {changeValue(change.field, change.from)} →{" "}
            {changeValue(change.field, change.to)}
          </li>
        ))}
      </ul>
      <dl className="grid gap-2">
        <div>
          <dt className="text-xs font-medium text-muted">Now</dt>
          <dd>
            {estimateText(
              preview.currentEstimateStatus,
              preview.currentEstimatedDailyImpressions,
              preview.currentEstimatedDailySpendUsd,
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-muted">After the change</dt>
          <dd>
            {estimateText(preview.estimateStatus, preview.estimatedDailyImpressions, preview.estimatedDailySpendUsd)}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The dialog: every spend-raising change (with its campaign's name when there are several), then back or confirm. */
export function SpendConfirmation({
  open,
  previews,
  onBack,
  onConfirm,
  backLabel = "Back to the form",
  confirmLabel = "Confirm and save",
}: {
  open: boolean;
  previews: readonly NamedPreview[];
  onBack: () => void;
  onConfirm: () => void;
  backLabel?: string;
  confirmLabel?: string;
}) {
  const several = previews.length > 1 || previews.some((item) => item.name);
  return (
    <Dialog
      open={open}
      onClose={onBack}
      title={previews.length > 1 ? `${previews.length} changes can raise spend` : "This change can raise spend"}
    >
      {open ? (
        <div className="space-y-3 text-sm" data-testid="spend-confirmation">
          {several ? (
            <ul className="max-h-[50vh] space-y-3 overflow-y-auto" aria-label="Changes that can raise spend">
              {previews.map((item, index) => (
                <li key={index} className="space-y-1">
                  <p className="font-medium wrap-anywhere">{item.name}</p>
                  <PreviewDetails preview={item.preview} />
                </li>
              ))}
            </ul>
          ) : previews[0] ? (
            <PreviewDetails preview={previews[0].preview} />
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onBack}>
              {backLabel}
            </Button>
            <Button onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Saving through the spend confirmation: `check(pending, previews)` saves `pending` at once when no
 * preview raises spend, else opens the confirmation (render `dialog`) listing those that do, and
 * saves only once confirmed. Back closes it and saves nothing.
 */
export function usePreviewedUpdate<T>(
  save: (pending: T) => Promise<void>,
  labels: { back?: string; confirm?: string } = {},
): { check: (pending: T, previews: readonly NamedPreview[]) => Promise<void>; dialog: ReactNode; confirming: boolean } {
  const [confirming, setConfirming] = useState<{ pending: T; previews: NamedPreview[] } | null>(null);
  const check = async (pending: T, previews: readonly NamedPreview[]) => {
    const raising = previews.filter((item) => item.preview.raisesSpend);
    if (raising.length > 0) {
      setConfirming({ pending, previews: raising });
      return;
    }
    await save(pending);
  };
  const dialog = (
    <SpendConfirmation
      open={confirming !== null}
      previews={confirming?.previews ?? []}
      backLabel={labels.back}
      confirmLabel={labels.confirm}
      onBack={() => setConfirming(null)}
      onConfirm={async () => {
        const current = confirming;
        setConfirming(null);
        if (current) await save(current.pending);
      }}
    />
  );
  return { check, dialog, confirming: confirming !== null };
}
