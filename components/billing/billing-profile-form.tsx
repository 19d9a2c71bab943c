"use client";
// The billing profile (updateBillingProfile): what the advertiser's next invoices print as its
// legal name, address and tax id. Issued invoices keep the profile they were issued with.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { PlainForm } from "@/components/forms/plain-form";
import { gqlFetch } from "@/components/graphql-client";
import { useSubmit } from "@/components/forms/use-submit";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { FormError, SuccessNote } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";

const UPDATE = graphql(`
  mutation UpdateBillingProfile($input: UpdateBillingProfileInput!) {
    updateBillingProfile(input: $input) {
      billingProfile {
        legalName
        address
        taxId
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

type Profile = { legalName: string | null; address: string | null; taxId: string | null };

export function BillingProfileForm({ profile }: { profile: Profile }) {
  const router = useRouter();
  const { errors, pending, submit } = useSubmit();
  const [saved, setSaved] = useState(false);

  async function onSubmit(form: FormData) {
    setSaved(false);
    const text = (name: string) => String(form.get(name) ?? "");
    await submit(async () => {
      const { updateBillingProfile: answer } = await gqlFetch(UPDATE, {
        input: { legalName: text("legalName"), address: text("address"), taxId: text("taxId") },
      });
      if (!answer?.billingProfile) return userFieldErrors(answer?.userErrors ?? []);
      setSaved(true);
      router.refresh();
      return null;
    });
  }

  return (
    <PlainForm label="Billing profile" onSubmit={onSubmit}>
      <Field id="billing-legal-name" label="Legal name" hint="Invoices are made out to it." error={errors.legalName}>
        <Input name="legalName" defaultValue={profile.legalName ?? ""} maxLength={200} autoComplete="organization" />
      </Field>
      <Field id="billing-address" label="Billing address" error={errors.address}>
        <Textarea
          name="address"
          rows={3}
          defaultValue={profile.address ?? ""}
          maxLength={500}
          autoComplete="street-address"
        />
      </Field>
      <Field id="billing-tax-id" label="Tax ID" hint="VAT number, EIN or the like (optional)." error={errors.taxId}>
        <Input name="taxId" defaultValue={profile.taxId ?? ""} maxLength={64} />
      </Field>
      <FormError>{errors._form}</FormError>
      {saved ? <SuccessNote>Saved: the next invoices print it.</SuccessNote> : null}
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save profile
      </SubmitButton>
    </PlainForm>
  );
}
