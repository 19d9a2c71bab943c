"use client";
// Undo one change of the history (undoChange, docs/decisions/0702): a dialog says which values
// come back, and that restoring a higher bid or budget, or resuming, raises spend; the service
// refuses, with the reason shown in the dialog, when the campaign has changed since.
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { fieldLabel, fieldValue } from "./change-format";

const UNDO = graphql(`
  mutation UndoChange($input: UndoChangeInput!) {
    undoChange(input: $input) {
      campaign {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function UndoChangeButton({
  id,
  fields,
}: {
  id: string;
  fields: readonly { field: string; from: string; to: string }[];
}) {
  return (
    <ConfirmButton
      label="Undo"
      ariaLabel={`Undo change ${id}`}
      title="Undo this change?"
      confirmLabel="Undo the change"
      pendingLabel="Undoing…"
      run={async () => (await gqlFetch(UNDO, { input: { id } })).undoChange}
    >
      <p className="text-sm text-muted">The campaign gets these values back (the undo is itself recorded here):</p>
      <ul className="mt-2 space-y-0.5 text-sm">
        {fields.map((field) => (
          <li key={field.field}>
            <span className="font-medium">{fieldLabel(field.field)}:</span> {fieldValue(field.field, field.to)} →{" "}
            {fieldValue(field.field, field.from)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">
        Putting back a higher bid or budget, a later end date or an active status can raise spend. If the campaign has
        changed since, nothing is undone and you are told why.
      </p>
    </ConfirmButton>
  );
}
