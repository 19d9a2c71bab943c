// A form's submit button: disabled while the form is being sent, its text then
// saying what is happening ("Saving…"), its accessible name otherwise the action's.
import type { ReactNode } from "react";
import { Button } from "./button";

export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
