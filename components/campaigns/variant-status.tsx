"use client";
// Pause or resume one creative variant (pauseCreativeVariant,
// resumeCreativeVariant), as the API offers it (Creative.availableActions):
// a paused variant gets no traffic and the others re-split it equally.
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  PauseCreativeVariantDocument,
  ResumeCreativeVariantDocument,
  type CreativeAction,
} from "@/graphql/__generated__/client/graphql";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { variantName } from "@/components/reports/chart-data";
import { FormError } from "@/components/ui/states";

export function VariantStatus({
  id,
  label,
  actions,
}: {
  id: string;
  label: string;
  actions: readonly CreativeAction[];
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = actions.includes("PAUSE") ? "pause" : actions.includes("RESUME") ? "resume" : null;
  if (!action) return null;

  async function run() {
    setPending(true);
    setError(null);
    try {
      const input = { input: { id } };
      const payload =
        action === "pause"
          ? (await gqlFetch(PauseCreativeVariantDocument, input)).pauseCreativeVariant
          : (await gqlFetch(ResumeCreativeVariantDocument, input)).resumeCreativeVariant;
      if (payload?.userErrors.length) setError(payload.userErrors.map((e) => e.message).join("; "));
      else router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The change failed.");
    }
    setPending(false);
  }

  return (
    <div>
      <Button variant="secondary" className="px-2 py-1 text-xs" disabled={pending} onClick={run}>
        {action === "pause" ? (pending ? "Pausing…" : "Pause") : pending ? "Resuming…" : "Resume"}
        <span className="sr-only"> {variantName(label)}</span>
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
