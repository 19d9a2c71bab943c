"use client";
// One form's error summary over react-hook-form: the fields in their order on
// the page (their form path and element id), the summary focused at each failed
// submit, and a mutation's userErrors put on the fields they name (the rest, and
// errors of the whole input, at the top of the summary).
import { useState } from "react";
import { get, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { userFieldErrors } from "@/components/form-errors";
import { ErrorSummary, type SummaryItem } from "@/components/ui/error-summary";

/** A field of the form: its path in the form's values and the id of its control (or group). */
export type SummaryField = { name: string; id: string };

type UserErrors = Parameters<typeof userFieldErrors>[0];

function camel(segment: string): string {
  return segment.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The key userFieldErrors gives a form path ("creative.icon_url" -> "creative.iconUrl"). */
function inputKey(name: string): string {
  return name.split(".").map(camel).join(".");
}

/** The first message under an error node (a field's own, or one of a list's items). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  if ("message" in node && typeof node.message === "string" && node.message) return node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === "ref") continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** The message of the field `name` (or of its first item in error), for its <Field error=…>. */
export function fieldError(errors: FieldErrors, name: string): string | undefined {
  return firstMessage(get(errors, name));
}

export function useErrorSummary<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  fields: readonly SummaryField[],
) {
  const [focusKey, setFocusKey] = useState(0);
  const { errors } = form.formState;
  const items: SummaryItem[] = fields.flatMap((field) => {
    const message = firstMessage(get(errors, field.name));
    return message ? [{ id: field.id, message }] : [];
  });
  const formError = firstMessage(errors.root);
  return {
    /** handleSubmit's second argument: the client-side check failed */
    onInvalid: () => setFocusKey((key) => key + 1),
    /** The whole form's error (no field), and the summary focused. */
    showFormError(message: string) {
      form.setError("root.server" as Path<Values>, { type: "server", message });
      setFocusKey((key) => key + 1);
    },
    /** A mutation's userErrors on their fields; false when there were none. */
    showUserErrors(userErrors: UserErrors): boolean {
      const found = userFieldErrors(userErrors);
      if (!Object.keys(found).length) return false;
      const unplaced: string[] = [];
      for (const [key, message] of Object.entries(found)) {
        const field = fields.find((candidate) => inputKey(candidate.name) === key);
        if (field) form.setError(field.name as Path<Values>, { type: "server", message });
        else unplaced.push(message);
      }
      if (unplaced.length)
        form.setError("root.server" as Path<Values>, { type: "server", message: unplaced.join(" ") });
      setFocusKey((key) => key + 1);
      return true;
    },
    /** The error of a field by its path, for its <Field error=…>. */
    errorOf: (name: string) => firstMessage(get(errors, name)),
    summary: focusKey > 0 ? <ErrorSummary items={items} formError={formError} focusKey={focusKey} /> : null,
  };
}
