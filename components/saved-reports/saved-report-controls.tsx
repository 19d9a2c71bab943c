"use client";
// A saved report's actions: email the last ended period now (sendSavedReportNow), stop its schedule
// (updateSavedReport) and delete it (deleteSavedReport).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { userFieldErrors } from "@/components/form-errors";
import { useAction } from "@/components/forms/use-submit";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError } from "@/components/ui/states";

const UNSCHEDULE = graphql(`
  mutation UnscheduleSavedReport($input: UpdateSavedReportInput!) {
    updateSavedReport(input: $input) {
      savedReport {
        id
        schedule
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const SEND_NOW = graphql(`
  mutation SendSavedReportNow($input: DeleteSavedReportInput!) {
    sendSavedReportNow(input: $input) {
      savedReport {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const DELETE = graphql(`
  mutation DeleteSavedReport($input: DeleteSavedReportInput!) {
    deleteSavedReport(input: $input) {
      savedReport {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function SavedReportControls({ id, name, scheduled }: { id: string; name: string; scheduled: boolean }) {
  const router = useRouter();
  const { pending, error, act } = useAction();
  const [asked, setAsked] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {scheduled ? (
        <Button
          variant="secondary"
          disabled={pending || asked}
          aria-label={`Send ${name} now`}
          onClick={() =>
            act(async () => {
              const { sendSavedReportNow } = await gqlFetch(SEND_NOW, { input: { id } });
              if (!sendSavedReportNow.savedReport)
                return userFieldErrors(sendSavedReportNow.userErrors)._form ?? "Not sent.";
              setAsked(true);
              return null;
            })
          }
        >
          {asked ? "Sending…" : "Send now"}
        </Button>
      ) : null}
      {asked ? (
        <span className="text-xs text-muted" role="status">
          The last ended period is emailed within seconds.
        </span>
      ) : null}
      {scheduled ? (
        <Button
          variant="secondary"
          disabled={pending}
          aria-label={`Stop emailing ${name}`}
          onClick={() =>
            act(async () => {
              const { updateSavedReport } = await gqlFetch(UNSCHEDULE, { input: { id, unschedule: true } });
              if (!updateSavedReport.savedReport)
                return userFieldErrors(updateSavedReport.userErrors)._form ?? "Not changed.";
              router.refresh();
              return null;
            })
          }
        >
          Stop emails
        </Button>
      ) : null}
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete saved report ${name}`}
        title={`Delete “${name}”?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        run={async () => (await gqlFetch(DELETE, { input: { id } })).deleteSavedReport}
      >
        <p className="text-sm text-muted">Its schedule stops; reports already emailed stay sent.</p>
      </ConfirmButton>
      <FormError>{error}</FormError>
    </div>
  );
}
