"use client";
// A danger button that asks first: a dialog says what will happen, then runs the mutation.
// `run` answers the mutation's userErrors; a form-level error stays in the dialog, anything
// else closes it and refreshes the page's server data. ConfirmDialog is the dialog alone,
// for actions that do more than that (a member's removal, signing out everywhere).
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { userFieldErrors } from "@/components/form-errors";
import { useAction } from "@/components/forms/use-submit";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/states";

export type ConfirmButtonProps = {
  /** the button's text, and its accessible name (which names what it acts on) */
  label: string;
  ariaLabel: string;
  title: string;
  /** what will happen, shown in the dialog */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  run: () => Promise<
    { userErrors: readonly { field?: readonly string[] | null; message: string }[] } | null | undefined
  >;
};

export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  error,
  keepLabel = "Keep it",
  pending,
  confirmLabel,
  pendingLabel,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  error: string | null;
  /** the button that closes the dialog and does nothing */
  keepLabel?: string;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {children}
      <FormError className="mt-2">{error}</FormError>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {keepLabel}
        </Button>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

export function ConfirmButton({
  label,
  ariaLabel,
  title,
  children,
  confirmLabel,
  pendingLabel,
  run,
}: ConfirmButtonProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { pending, error, act } = useAction();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        error={error}
        pending={pending}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        onConfirm={() =>
          act(async () => {
            const errors = userFieldErrors((await run())?.userErrors);
            if (errors._form) return errors._form;
            setOpen(false);
            router.refresh();
            return null;
          })
        }
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
