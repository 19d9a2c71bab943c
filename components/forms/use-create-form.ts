"use client";
// A dashboard form that creates something, over the API's schema (docs/decisions/1213):
// react-hook-form with apiResolver, no focus on the first field in error (the error
// summary takes focus), and its summary. `onSubmit` wraps the send: the checked values
// go to `send`, which answers whether it created; then the form empties and the page's
// server data refresh. A failed check or a throw (the server could not be reached)
// reaches the summary.
import { useRouter } from "next/navigation";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import type { z } from "zod";
import { apiResolver } from "./api-resolver";
import { useErrorSummary, type SummaryField } from "./use-error-summary";
import { messageOf } from "./use-submit";

export function useCreateForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, unknown>,
  defaultValues: DefaultValues<Values>,
  fields: readonly SummaryField[],
) {
  const router = useRouter();
  const form = useForm<Values, unknown, Output>({
    resolver: apiResolver<Output, Values>(schema),
    defaultValues,
    shouldFocusError: false,
  });
  const errors = useErrorSummary(form, fields);
  const onSubmit = (send: (checked: Output) => Promise<boolean>) =>
    form.handleSubmit(async (checked) => {
      try {
        if (!(await send(checked))) return;
        form.reset();
        router.refresh();
      } catch (error) {
        errors.showFormError(messageOf(error));
      }
    }, errors.onInvalid);
  return { form, errors, onSubmit };
}
