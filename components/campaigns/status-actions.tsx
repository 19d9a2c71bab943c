"use client";
// Pause, resume, end, cancel: the transitions the API says it accepts now
// (Campaign.availableActions), each a GraphQL mutation; ending and cancelling
// are final, so they ask first.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { CampaignAction } from "@/graphql/__generated__/client/graphql";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";
import { changeStatus, type StatusAction as Action } from "./status-mutation";

const FINAL: Record<"end" | "cancel", { title: string; text: string; confirm: string }> = {
  end: {
    title: "End this campaign?",
    text: "Delivery stops for good and the campaign keeps its reports. This cannot be undone.",
    confirm: "End campaign",
  },
  cancel: {
    title: "Cancel this campaign?",
    text: "Delivery stops for good. This cannot be undone.",
    confirm: "Cancel campaign",
  },
};

export function StatusActions({ id, actions }: { id: string; actions: readonly CampaignAction[] }) {
  const router = useRouter();
  const [pending, setPending] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState<"end" | "cancel" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(action: Action) {
    setPending(action);
    setError(null);
    try {
      const refused = await changeStatus(action, id);
      if (refused) setError(refused);
      else router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The change failed.");
    }
    setPending(null);
    setConfirming(null);
  }

  const has = (action: CampaignAction) => actions.includes(action);
  if (!has("PAUSE") && !has("RESUME") && !has("END") && !has("CANCEL")) return null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {has("PAUSE") ? (
          <Button variant="secondary" disabled={pending !== null} onClick={() => run("pause")}>
            {pending === "pause" ? "Pausing…" : "Pause"}
          </Button>
        ) : null}
        {has("RESUME") ? (
          <Button variant="secondary" disabled={pending !== null} onClick={() => run("resume")}>
            {pending === "resume" ? "Resuming…" : "Resume"}
          </Button>
        ) : null}
        {has("END") ? (
          <Button variant="secondary" disabled={pending !== null} onClick={() => setConfirming("end")}>
            End
          </Button>
        ) : null}
        {has("CANCEL") ? (
          <Button variant="danger" disabled={pending !== null} onClick={() => setConfirming("cancel")}>
            Cancel campaign
          </Button>
        ) : null}
      </div>
      <FormError>{error}</FormError>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? FINAL[confirming].title : ""}
      >
        <p className="text-sm text-slate-700">{confirming ? FINAL[confirming].text : null}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Keep it running
          </Button>
          <Button variant="danger" disabled={pending !== null} onClick={() => confirming && run(confirming)}>
            {confirming ? FINAL[confirming].confirm : ""}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
