"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ADVERTISER_NAME_MAX, EMAIL_MAX } from "@/lib/domain/advertisers/advertisers.schemas";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { signInWithPassword } from "./auth-client";

type Fields = "name" | "email" | "password";
export type SignUpAction = (input: Record<Fields, string>) => Promise<{
  ok: boolean;
  fieldErrors: Partial<Record<Fields, string>>;
  formError?: string;
}>;

export function SignUpForm({ action, returnTo = "/overview" }: { action: SignUpAction; returnTo?: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const input = {
          name: String(form.get("name") ?? ""),
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
        };
        setPending(true);
        setFormError(null);
        try {
          const result = await action(input);
          setFieldErrors(result.fieldErrors);
          if (!result.ok) {
            setFormError(result.formError ?? null);
            setPending(false);
            return;
          }
          const signedIn = await signInWithPassword(input.email, input.password, returnTo);
          if (!signedIn.ok) {
            router.replace("/signin");
            return;
          }
          router.replace(returnTo);
          router.refresh();
        } catch {
          setFormError("The server could not be reached. Try again.");
          setPending(false);
        }
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
      <Field id="email" label="Work email" error={fieldErrors.email}>
        <Input name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
      </Field>
      <NewPasswordField id="password" name="password" label="Password" error={fieldErrors.password} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating your account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{" "}
        <Link
          className="font-medium text-brand underline"
          href={returnTo === "/overview" ? "/signin" : `/signin?callbackUrl=${encodeURIComponent(returnTo)}`}
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
