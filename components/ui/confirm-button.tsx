"use client";
// A danger button that asks first: a dialog says what will happen, then runs the mutation.
// `run` answers the mutation's userErrors; a form-level error stays in the dialog, anything
// else closes it and refreshes the page's server data.
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { userFieldErrors } from "@/components/form-errors";
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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        {children}
        <FormError className="mt-2">{error}</FormError>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              try {
                const errors = userFieldErrors((await run())?.userErrors);
                if (errors._form) {
                  setError(errors._form);
                  return;
                }
                setOpen(false);
                router.refresh();
              } catch (cause) {
                setError(cause instanceof Error ? cause.message : String(cause));
              } finally {
                setPending(false);
              }
            }}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
