"use client";
// Pause, resume or end the campaigns checked in the list, after one
// confirmation: each through its own mutation (updateCampaign's transitions,
// one campaign at a time, so that one refusal does not stop the others), with
// each campaign's result shown. The checkboxes belong to the form BULK_FORM
// (the `form` attribute), so the list stays a server component.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";
import { changeStatus } from "./status-mutation";

export const BULK_FORM = "bulk-campaigns";

type Action = "pause" | "resume" | "end";
type Result = { name: string; ok: boolean; message: string };

const VERBS: Record<Action, { button: string; title: (count: number) => string; done: string }> = {
  pause: { button: "Pause", title: (n) => `Pause ${n} campaign${n === 1 ? "" : "s"}?`, done: "paused" },
  resume: { button: "Resume", title: (n) => `Resume ${n} campaign${n === 1 ? "" : "s"}?`, done: "resumed" },
  end: { button: "End", title: (n) => `End ${n} campaign${n === 1 ? "" : "s"}?`, done: "ended" },
};

export function BulkActions({ names }: { names: Record<string, string> }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState<{ action: Action; ids: string[] } | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  function ask(action: Action) {
    const form = document.getElementById(BULK_FORM) as HTMLFormElement | null;
    const ids = form ? new FormData(form).getAll("campaign").map(String) : [];
    if (ids.length === 0) {
      setError("Select the campaigns first.");
      return;
    }
    setError(null);
    setResults(null);
    setConfirming({ action, ids });
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
    const form = document.getElementById(BULK_FORM) as HTMLFormElement | null;
    for (const element of form?.elements ?? []) {
      if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = false;
    }
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
      </form>
      <FormError>{error}</FormError>
      {results ? (
        <ul role="status" aria-label="Results" className="space-y-0.5 text-sm" data-testid="bulk-results">
          {results.map((result, index) => (
            <li key={index} className={result.ok ? "text-ok" : "text-danger"}>
              {result.name}: {result.message}
            </li>
          ))}
        </ul>
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
    </div>
  );
}
