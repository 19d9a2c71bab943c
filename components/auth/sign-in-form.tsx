"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { signInWithPassword } from "./auth-client";
import { signInMessage as message } from "./sign-in-messages";

export function SignInForm({
  initialError,
  waitMinutes,
  returnTo,
}: {
  initialError?: string | null;
  waitMinutes: number;
  /** where to go once signed in: a path of this site (the page checked it, lib/auth/return-path.ts) */
  returnTo: string;
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError ? message(initialError, waitMinutes) : null);
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setPending(true);
        setError(null);
        try {
          const result = await signInWithPassword(
            String(form.get("email") ?? ""),
            String(form.get("password") ?? ""),
            returnTo,
          );
          if (result.ok) {
            router.replace(returnTo);
            router.refresh();
            return;
          }
          setError(message(result.error, waitMinutes));
        } catch {
          setError("The server could not be reached. Try again.");
        }
        setPending(false);
      }}
    >
      <FormError>{error}</FormError>
      <Field id="email" label="Email">
        <Input name="email" type="email" autoComplete="email" required />
      </Field>
      <Field
        id="password"
        label="Password"
        aside={
          <Link className="text-xs font-medium text-brand underline" href="/forgot-password">
            Forgot password?
          </Link>
        }
      >
        <Input name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-muted">
        New here?{" "}
        <Link
          className="font-medium text-brand underline"
          href={returnTo === "/overview" ? "/signup" : `/signup?callbackUrl=${encodeURIComponent(returnTo)}`}
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}
