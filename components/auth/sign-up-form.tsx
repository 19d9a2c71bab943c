"use client";
import Link from "next/link";
import { PlainForm } from "@/components/forms/plain-form";
import { ADVERTISER_NAME_MAX, EMAIL_MAX } from "@/lib/domain/advertisers/advertisers.schemas";
import { USER_NAME_MAX } from "@/lib/domain/users/users.schemas";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { SubmitButton } from "@/components/ui/submit-button";
import { NewPasswordField } from "./password-fields";
import { useCreateAccount, type CreateAccountResult } from "./use-auth-forms";

type Fields = "name" | "userName" | "email" | "password";
export type SignUpAction = (input: Record<Fields, string>) => Promise<CreateAccountResult<Fields>>;

export function SignUpForm({ action, returnTo = "/overview" }: { action: SignUpAction; returnTo?: string }) {
  const { pending, fieldErrors, formError, createAccount } = useCreateAccount<Fields>();
  return (
    <PlainForm
      onSubmit={(form) => {
        const input = {
          name: String(form.get("name") ?? ""),
          userName: String(form.get("userName") ?? ""),
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
        };
        return createAccount(() => action(input), input, returnTo);
      }}
    >
      <FormError>{formError}</FormError>
      <Field
        id="name"
        label="Advertiser name"
        hint="Your company or brand, as your team knows it."
        error={fieldErrors.name}
      >
        <Input name="name" autoComplete="organization" required maxLength={ADVERTISER_NAME_MAX} />
      </Field>
      <Field
        id="userName"
        label="Your name"
        hint="How your team sees you: in invitations, alerts and the change history."
        error={fieldErrors.userName}
      >
        <Input name="userName" autoComplete="name" required maxLength={USER_NAME_MAX} />
      </Field>
      <Field id="email" label="Work email" error={fieldErrors.email}>
        <Input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <NewPasswordField id="password" name="password" label="Password" error={fieldErrors.password} />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Creating your account…">
        Create account
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Already have an account?{" "}
        <Link
          className="font-medium text-brand underline"
          href={returnTo === "/overview" ? "/signin" : `/signin?callbackUrl=${encodeURIComponent(returnTo)}`}
        >
          Sign in
        </Link>
      </p>
    </PlainForm>
  );
}
