"use client";
// Pause, resume or end the campaigns checked in the list, after one
// confirmation: each through its own mutation (updateCampaign's transitions,
// one campaign at a time, so that one refusal does not stop the others), with
// each campaign's result shown. "Set bid" and "Set budget" (docs/decisions/1243) give the checked
// campaigns a new bid or daily budget, an amount or a percentage of each one's value
// (bulkValue, lib/domain/campaigns/bulk-edit.schemas.ts), each previewed and then saved one after
// another through updateCampaign, conditional on the campaign as the list read it, with the one
// spend confirmation (spend-confirmation.tsx) when any of them can raise spend. Each result is a
// list item whose text says whether it was done. The checkboxes belong to the form BULK_FORM
// (the `form` attribute), so the list stays a server component.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { UpdateCampaignDocument, type UpdateCampaignInput } from "@/graphql/__generated__/client/graphql";
import {
  amountChangeInput,
  bulkValue,
  type AmountChange,
  type BulkField,
} from "@/lib/domain/campaigns/bulk-edit.schemas";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { formatUsd } from "@/components/format";
import { gqlFetch } from "@/components/graphql-client";
import { usdToMicros } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { usdAmount } from "./amount";
import { bulkInput } from "./edit-form";
import { previewUpdate, usePreviewedUpdate, type NamedPreview } from "./spend-confirmation";
import { changeStatus } from "./status-mutation";

export const BULK_FORM = "bulk-campaigns";

type Action = "pause" | "resume" | "end";
type Result = { name: string; ok: boolean; message: string };

/** A listed campaign as the bulk actions read it (its current amounts, as of the list's read). */
export type BulkCampaign = {
  name: string;
  /** GraphQL's moment types (CLOSE_GAME): the bid's floor */
  momentTypes: readonly string[];
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  updatedAt: string;
};

const SETS: Record<BulkField, { button: string; label: string; current: (c: BulkCampaign) => string }> = {
  bid_cpm_usd: { button: "Set bid", label: "Bid (CPM)", current: (c) => c.bidCpmUsd },
  daily_budget_usd: { button: "Set budget", label: "Daily budget", current: (c) => c.dailyBudgetUsd },
};

/** The percentage as typed: "10", "+10", "-12.5", "10 %". */
function percentOf(text: string): number {
  const trimmed = text.trim().replace(/\s*%$/, "").replace(/^\+/, "");
  return trimmed === "" || !/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number.NaN : Number(trimmed);
}

/** A campaign whose change was previewed and can be saved. */
type Planned = { id: string; name: string; input: UpdateCampaignInput; to: string };

const VERBS: Record<Action, { button: string; title: (count: number) => string; done: string }> = {
  pause: { button: "Pause", title: (n) => `Pause ${n} campaign${n === 1 ? "" : "s"}?`, done: "paused" },
  resume: { button: "Resume", title: (n) => `Resume ${n} campaign${n === 1 ? "" : "s"}?`, done: "resumed" },
  end: { button: "End", title: (n) => `End ${n} campaign${n === 1 ? "" : "s"}?`, done: "ended" },
};

export function BulkActions({ campaigns }: { campaigns: Record<string, BulkCampaign> }) {
  const router = useRouter();
  const names = Object.fromEntries(Object.entries(campaigns).map(([id, campaign]) => [id, campaign.name]));
  const [confirming, setConfirming] = useState<{ action: Action; ids: string[] } | null>(null);
  const [setting, setSetting] = useState<{ field: BulkField; ids: string[] } | null>(null);
  const [valueError, setValueError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  function selected(): string[] | null {
    const form = document.getElementById(BULK_FORM) as HTMLFormElement | null;
    const ids = form ? new FormData(form).getAll("campaign").map(String) : [];
    if (ids.length === 0) {
      setError("Select the campaigns first.");
      return null;
    }
    setError(null);
    setResults(null);
    return ids;
  }

  function ask(action: Action) {
    const ids = selected();
    if (ids) setConfirming({ action, ids });
  }

  function askSet(field: BulkField) {
    const ids = selected();
    if (!ids) return;
    setValueError(null);
    setSetting({ field, ids });
  }

  function clearSelection() {
    const form = document.getElementById(BULK_FORM) as HTMLFormElement | null;
    for (const element of form?.elements ?? []) {
      if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = false;
    }
  }

  /** The previewed changes saved one after another; the refused ones (before any save) listed first. */
  const saveSet = async ({ planned, refused }: { planned: Planned[]; refused: Result[] }) => {
    setRunning(true);
    const done: Result[] = [...refused];
    for (const item of planned) {
      try {
        const data = await gqlFetch(UpdateCampaignDocument, { input: item.input });
        const userErrors = data.updateCampaign?.userErrors ?? [];
        done.push(
          userErrors.length
            ? { name: item.name, ok: false, message: refusal(userErrors) }
            : { name: item.name, ok: true, message: `set to ${item.to}` },
        );
      } catch (caught) {
        done.push({
          name: item.name,
          ok: false,
          message: caught instanceof Error ? caught.message : "The change failed.",
        });
      }
    }
    setResults(done);
    setRunning(false);
    clearSelection();
    router.refresh();
  };
  const spend = usePreviewedUpdate(saveSet, { back: "Cancel", confirm: "Confirm and save" });

  /** Works each campaign's new value out, previews those it can, then saves through the spend confirmation. */
  async function runSet(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!setting) return;
    const data = new FormData(event.currentTarget);
    const kind = data.get("kind") === "percent" ? "percent" : "amount";
    const text = String(data.get("value") ?? "");
    const parsed = amountChangeInput.safeParse({
      kind,
      value: kind === "percent" ? percentOf(text) : (usdAmount(text) ?? Number.NaN),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message ?? "";
      setValueError(
        /expected number/i.test(issue)
          ? kind === "percent"
            ? "Enter a percentage, such as 10 or -12.5"
            : "Enter an amount in US dollars, such as 2.50"
          : `The ${kind === "percent" ? "percentage" : "amount"} ${issue}`,
      );
      return;
    }
    const change: AmountChange = parsed.data;
    const { field, ids } = setting;
    setRunning(true);
    const planned: Planned[] = [];
    const refused: Result[] = [];
    const previews: NamedPreview[] = [];
    for (const id of ids) {
      const campaign = campaigns[id];
      if (!campaign) continue;
      const value = bulkValue(
        field,
        {
          momentTypes: campaign.momentTypes.map((type) => type.toLowerCase() as MomentTypeKey),
          currentMicros: usdToMicros(Number(SETS[field].current(campaign))),
        },
        change,
      );
      if (!value.ok) {
        refused.push({ name: campaign.name, ok: false, message: `${SETS[field].label} ${value.message}` });
        continue;
      }
      const input = bulkInput(id, campaign.updatedAt, field, value.usd);
      try {
        const previewed = await previewUpdate(input);
        if (previewed.userErrors.length || !previewed.preview) {
          refused.push({ name: campaign.name, ok: false, message: refusal(previewed.userErrors) });
          continue;
        }
        planned.push({ id, name: campaign.name, input, to: formatUsd(String(value.usd)) });
        previews.push({ name: campaign.name, preview: previewed.preview });
      } catch (caught) {
        refused.push({
          name: campaign.name,
          ok: false,
          message: caught instanceof Error ? caught.message : "The preview failed.",
        });
      }
    }
    setRunning(false);
    setSetting(null);
    if (planned.length === 0) {
      setResults(refused);
      return;
    }
    await spend.check({ planned, refused }, previews);
  }

  async function run() {
    if (!confirming) return;
    setRunning(true);
    const done: Result[] = [];
    for (const id of confirming.ids) {
      const name = names[id] ?? id;
      try {
        const refused = await changeStatus(confirming.action, id);
        done.push({ name, ok: refused === null, message: refused ?? VERBS[confirming.action].done });
      } catch (caught) {
        done.push({ name, ok: false, message: caught instanceof Error ? caught.message : "The change failed." });
      }
    }
    setResults(done);
    setRunning(false);
    // the selection is done with: the next action starts from none
    clearSelection();
    setConfirming(null);
    router.refresh();
  }

  return (
    <div className="mb-3 space-y-2">
      <form id={BULK_FORM} onSubmit={(event) => event.preventDefault()} className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Selected campaigns:</span>
        {(Object.keys(VERBS) as Action[]).map((action) => (
          <Button key={action} variant="secondary" className="px-3 py-1.5" onClick={() => ask(action)}>
            {VERBS[action].button} selected
          </Button>
        ))}
        {(Object.keys(SETS) as BulkField[]).map((field) => (
          <Button key={field} variant="secondary" className="px-3 py-1.5" onClick={() => askSet(field)}>
            {SETS[field].button}
          </Button>
        ))}
      </form>
      <FormError>{error}</FormError>
      {results ? (
        <div role="status">
          <ul aria-label="Results" className="space-y-0.5 text-sm" data-testid="bulk-results">
            {results.map((result, index) => (
              <li key={index} className={result.ok ? "text-ok" : "text-danger"}>
                <span className="font-semibold">{result.ok ? "Done" : "Not done"}</span> {result.name}: {result.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? VERBS[confirming.action].title(confirming.ids.length) : ""}
      >
        {confirming ? (
          <div className="space-y-3 text-sm">
            <ul className="list-disc pl-5">
              {confirming.ids.map((id) => (
                <li key={id}>{names[id] ?? id}</li>
              ))}
            </ul>
            {confirming.action === "end" ? (
              <p>Ended campaigns stop for good and keep their reports. This cannot be undone.</p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Back
              </Button>
              <Button variant={confirming.action === "end" ? "danger" : "primary"} disabled={running} onClick={run}>
                {running ? "Working…" : `${VERBS[confirming.action].button} ${confirming.ids.length}`}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <Dialog
        open={setting !== null}
        onClose={() => setSetting(null)}
        title={
          setting
            ? `${SETS[setting.field].button} of ${setting.ids.length} campaign${setting.ids.length === 1 ? "" : "s"}`
            : ""
        }
      >
        {setting ? (
          <form noValidate className="space-y-3 text-sm" onSubmit={runSet} aria-label={SETS[setting.field].button}>
            <ul className="list-disc pl-5">
              {setting.ids.map((id) => (
                <li key={id}>
                  {names[id] ?? id}
                  {campaigns[id] ? `: ${formatUsd(SETS[setting.field].current(campaigns[id]))} now` : ""}
                </li>
              ))}
            </ul>
            <Field id="bulk-set-kind" label="Change">
              <Select name="kind" defaultValue="amount">
                <option value="amount">To a new amount (USD)</option>
                <option value="percent">By a percentage of each one (%)</option>
              </Select>
            </Field>
            <Field
              id="bulk-set-value"
              label="Amount or percentage"
              hint="A percentage may be negative: -10 lowers each by a tenth. Results are rounded to the micro-dollar."
              error={valueError}
            >
              <Input name="value" inputMode="decimal" autoComplete="off" />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setSetting(null)}>
                Back
              </Button>
              <Button type="submit" disabled={running}>
                {running ? "Checking…" : "Preview and save"}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
      {spend.dialog}
    </div>
  );
}

/** A refusal's messages in one line (a stale campaign's CONFLICT said in words). */
function refusal(userErrors: readonly { code: string; message: string }[]): string {
  if (userErrors.some((error) => error.code === "CONFLICT"))
    return "changed after the list was loaded, nothing saved: reload the list and try again";
  return userErrors.map((error) => error.message).join("; ") || "refused";
}
