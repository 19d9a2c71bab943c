"use client";
// A form the browser does not validate (each form says what is wrong in its own
// words, on the field) and does not send: `onSubmit` gets the entered values and
// the form element (to reset it once done).
import type { ReactNode } from "react";

export function PlainForm({
  label,
  onSubmit,
  children,
}: {
  /** the form's accessible name, where a page holds more than one form */
  label?: string;
  onSubmit: (values: FormData, form: HTMLFormElement) => void | Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label={label}
      onSubmit={async (event) => {
        event.preventDefault();
        await onSubmit(new FormData(event.currentTarget), event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
