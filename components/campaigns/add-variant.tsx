"use client";
// A new creative variant (addCreativeVariant): reviewed at once, then traffic is
// split equally across the approved variants. Checked with the API's creative
// schema as typed; the server's userErrors (the icon check) land on the fields.
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { AddCreativeVariantDocument } from "@/graphql/__generated__/client/graphql";
import { BODY_MAX, creativeInput, HEADLINE_MAX } from "@/lib/domain/creatives/creatives.schemas";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { userFieldErrors, zodFieldErrors } from "@/components/form-errors";
import { PushPreview } from "./push-preview";

const EMPTY = { headline: "", body: "", ctaText: "", iconUrl: "", actionUrl: "" };

export function AddVariant({ campaignId, appName }: { campaignId: string; appName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  const clientErrors = useMemo(() => {
    const result = creativeInput.safeParse({
      headline: values.headline,
      body: values.body,
      icon_url: values.iconUrl,
      action_url: values.actionUrl,
      ...(values.ctaText ? { cta_text: values.ctaText } : {}),
    });
    return result.success ? {} : zodFieldErrors(result.error);
  }, [values]);
  const error = (field: keyof typeof EMPTY) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const set = (key: keyof typeof EMPTY, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _, ...rest }) => rest);
  };

  if (!open) {
    return (
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Add a variant
        </Button>
        {added ? (
          <p role="status" className="text-sm text-ok">
            {added} added.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-6 md:grid-cols-[minmax(0,1fr)_300px]"
      onSubmit={async (event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(clientErrors).length) return;
        setPending(true);
        try {
          const data = await gqlFetch(AddCreativeVariantDocument, {
            input: {
              campaignId,
              headline: values.headline,
              body: values.body,
              iconUrl: values.iconUrl,
              actionUrl: values.actionUrl,
              ctaText: values.ctaText || null,
            },
          });
          const payload = data.addCreativeVariant;
          if (payload?.creative) {
            setAdded(payload.creative.variantLabel);
            setValues(EMPTY);
            setSubmitted(false);
            setOpen(false);
            router.refresh();
          } else {
            setServerErrors(userFieldErrors(payload?.userErrors));
          }
        } catch (caught) {
          setServerErrors({ _form: caught instanceof Error ? caught.message : "Adding the variant failed." });
        }
        setPending(false);
      }}
    >
      <div className="min-w-0 space-y-4">
        <FormError>{serverErrors._form}</FormError>
        <Field id="variant-headline" label={`Headline (max ${HEADLINE_MAX})`} error={error("headline")}>
          <Input value={values.headline} onChange={(e) => set("headline", e.target.value)} />
        </Field>
        <Field id="variant-body" label={`Message (max ${BODY_MAX})`} error={error("body")}>
          <Textarea rows={3} value={values.body} onChange={(e) => set("body", e.target.value)} />
        </Field>
        <Field id="variant-cta" label="Button text (optional)" error={error("ctaText")}>
          <Input value={values.ctaText} onChange={(e) => set("ctaText", e.target.value)} />
        </Field>
        <Field id="variant-icon" label="Icon URL" error={error("iconUrl")}>
          <Input type="url" value={values.iconUrl} onChange={(e) => set("iconUrl", e.target.value)} />
        </Field>
        <Field id="variant-action" label="Click destination" error={error("actionUrl")}>
          <Input type="url" value={values.actionUrl} onChange={(e) => set("actionUrl", e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Discard
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Adding…" : "Add variant"}
          </Button>
        </div>
      </div>
      <PushPreview appName={appName} {...values} />
    </form>
  );
}
