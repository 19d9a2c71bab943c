"use client";
// A new creative variant (addCreativeVariant): reviewed at once, then traffic is
// split equally across the approved variants. The form starts from variant A's
// creative (`from`), and what the review decided is said after adding: a
// rejected variant with its reason, never as "added". react-hook-form over addCreativeVariant's
// creative schema (the create form's notification fields, creative-fields.tsx);
// the server's userErrors (the icon check) land on the fields. Opening the form
// focuses its headline, closing it gives focus back to its button, and a failed
// submit focuses the error summary.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { AddCreativeVariantDocument } from "@/graphql/__generated__/client/graphql";
import { apiResolver } from "@/components/forms/api-resolver";
import { useErrorSummary } from "@/components/forms/use-error-summary";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { creativeFields, creativeFormSchema, type CreativeValues } from "./campaign-form-values";
import { CreativeFields } from "./creative-fields";
import { PushPreview } from "./push-preview";
import { addedMessage, type AddedVariant } from "./status";

const FIELDS = creativeFields("", "variant-");
type CreativeBody = z.output<typeof creativeFormSchema>;

export function AddVariant({
  campaignId,
  appName,
  from,
}: {
  campaignId: string;
  appName: string;
  /** the form's starting values: variant A's creative */
  from: CreativeValues;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<AddedVariant | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  const form = useForm<CreativeValues, unknown, CreativeBody>({
    resolver: apiResolver<CreativeBody, CreativeValues>(creativeFormSchema),
    defaultValues: from,
    shouldFocusError: false,
  });
  const errors = useErrorSummary(form, FIELDS);
  const values = useWatch({ control: form.control });

  // focus follows the form: into its headline when it opens, back to its button when it closes
  useEffect(() => {
    if (open) form.setFocus("headline");
    else if (opened.current) opener.current?.focus();
    opened.current ||= open;
  }, [open, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      const data = await gqlFetch(AddCreativeVariantDocument, {
        input: {
          campaignId,
          headline: body.headline,
          body: body.body,
          iconUrl: body.icon_url,
          actionUrl: body.action_url,
          ctaText: body.cta_text ?? null,
        },
      });
      const payload = data.addCreativeVariant;
      if (payload?.creative) {
        const { variantLabel, status, reviewReason } = payload.creative;
        setAdded({ label: variantLabel, status, reason: reviewReason ?? null });
        form.reset();
        setOpen(false);
        router.refresh();
        return;
      }
      if (!errors.showUserErrors(payload?.userErrors)) errors.showFormError("Adding the variant failed.");
    } catch (caught) {
      errors.showFormError(caught instanceof Error ? caught.message : "Adding the variant failed.");
    }
  }, errors.onInvalid);

  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={opener}
          variant="secondary"
          onClick={() => {
            setAdded(null);
            setOpen(true);
          }}
        >
          Add a variant
        </Button>
        <p
          role="status"
          data-testid="variant-added"
          className={`text-sm ${added?.status === "REJECTED" ? "text-danger" : added?.status === "PENDING" ? "text-ink" : "text-ok"}`}
        >
          {added ? addedMessage(added) : null}
        </p>
      </div>
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Add a variant"
        className="grid gap-6 md:grid-cols-[minmax(0,1fr)_300px]"
        onSubmit={submit}
      >
        <div className="min-w-0 space-y-4 md:col-start-1">
          {errors.summary}
          <CreativeFields idPrefix="variant-" />
        </div>
        {/* after the fields and before the buttons: on a phone the preview is read before adding */}
        <div className="min-w-0 md:col-start-2 md:row-span-2 md:row-start-1">
          <PushPreview
            appName={appName}
            headline={values.headline ?? ""}
            body={values.body ?? ""}
            ctaText={values.cta_text}
            iconUrl={values.icon_url}
          />
        </div>
        <div className="flex justify-end gap-2 md:col-start-1">
          <Button
            variant="secondary"
            onClick={() => {
              form.reset();
              setOpen(false);
            }}
          >
            Discard
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Adding…" : "Add variant"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
