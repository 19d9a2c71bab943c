"use client";
// Renames a postback key (renamePostbackKey) in a dialog: the name says which
// partner the key is for; a blank name removes it (docs/decisions/1240). The key
// itself does not change.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { useSubmit } from "@/components/forms/use-submit";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";

const RENAME = graphql(`
  mutation RenamePostbackKey($input: RenamePostbackKeyInput!) {
    renamePostbackKey(input: $input) {
      postbackKey {
        id
        name
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function RenamePostbackKeyButton({ id, label, name }: { id: string; label: string; name: string | null }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(name ?? "");
  const { pending, errors, setErrors, submit } = useSubmit();
  const fieldId = `rename-${id}`;

  const close = () => {
    setOpen(false);
    setErrors({});
  };
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      const { renamePostbackKey: answer } = await gqlFetch(RENAME, {
        input: { id, name: value.trim() ? value : null },
      });
      if (!answer?.postbackKey) {
        const fieldErrors = userFieldErrors(answer?.userErrors ?? []);
        return Object.keys(fieldErrors).length ? fieldErrors : { _form: "The key could not be renamed." };
      }
      setOpen(false);
      router.refresh();
      return null;
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Rename ${label}`}
        onClick={() => {
          setValue(name ?? "");
          setOpen(true);
        }}
      >
        Rename
      </Button>
      <Dialog open={open} onClose={close} title={`Rename ${label}`}>
        <form onSubmit={save} className="space-y-4" noValidate>
          <Field
            id={fieldId}
            label="Name"
            hint="The partner it is for. Leave it blank to remove the name; the key itself does not change."
            error={errors.name}
          >
            <Input
              value={value}
              onChange={(event) => setValue(event.target.value)}
              maxLength={100}
              autoComplete="off"
            />
          </Field>
          <FormError>{errors._form}</FormError>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save name"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
