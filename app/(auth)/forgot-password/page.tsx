// "Forgot password" (docs/decisions/1220): a single-use link valid one hour, by
// email. Without email configured the page says so before anyone asks.
import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { emailConfigured } from "@/lib/email/mailer";
import { askForPasswordReset } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Forgot your password?</h1>
      {emailConfigured() ? (
        <>
          <p className="mb-6 text-sm text-muted">
            Enter the email you sign in with: we send it a link to choose a new password. The link works once, for one
            hour.
          </p>
          <ForgotPasswordForm action={askForPasswordReset} />
        </>
      ) : (
        <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          This server sends no email (its operator has not configured it), so it cannot send you a reset link. Ask the
          operator of this server to reset your password.
        </p>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        <Link className="font-medium text-brand underline" href="/signin">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
