"use client";
// A saved report's actions: stop its schedule (updateSavedReport) and delete it (deleteSavedReport).
import { useRouter } from "next/navigation";
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
  return (
    <div className="flex flex-wrap items-center gap-2">
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
