// A password reset link (docs/decisions/1220): a form for the new password while
// the link is unspent and under an hour old; otherwise why it no longer works.
import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { passwordResetStatus } from "@/lib/domain/users/complete-password-reset";
import { resetPassword } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

const UNUSABLE = {
  unknown: "This password reset link is not valid.",
  used: "This password reset link was used already.",
  expired: "This password reset link expired: a link works one hour.",
} as const;

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const status = await passwordResetStatus(token);
  if (status !== "valid") {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold text-ink">This link cannot be used</h1>
        <p className="mb-6 text-sm text-muted" data-testid="reset-status">
          {UNUSABLE[status]} Ask for a new one.
        </p>
        <Link className="text-sm font-medium text-brand underline" href="/forgot-password">
          Send a new link
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Choose a new password</h1>
      <p className="mb-6 text-sm text-muted">Every session of your account is signed out; then sign in with it.</p>
      <ResetPasswordForm token={token} action={resetPassword} />
    </>
  );
}
