"use client";
// The password reset page's body: the link's token from its fragment (./link-token.tsx),
// whether it still works, and the new password's form (./password-reset-forms.tsx).
import Link from "next/link";
import { useEffect, useState } from "react";
import type { ResetLinkStatus, ResetPasswordState } from "@/app/(auth)/reset-password/actions";
import { OpeningLink, useLinkToken } from "./link-token";
import { ResetPasswordForm } from "./password-reset-forms";

const UNUSABLE = {
  unknown: "This password reset link is not valid.",
  used: "This password reset link was used already.",
  expired: "This password reset link expired: a link works one hour.",
} as const;

type Props = {
  check: (token: string) => Promise<ResetLinkStatus>;
  reset: (input: { token: string; newPassword: string }) => Promise<ResetPasswordState>;
};

export function ResetLink({ check, reset }: Props) {
  const token = useLinkToken();
  const [checked, setChecked] = useState<{ token: string; status: ResetLinkStatus } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    void check(token).then((status) => current && setChecked({ token, status }));
    return () => {
      current = false;
    };
  }, [token, check]);
  if (token === undefined || (token && checked?.token !== token)) return <OpeningLink what="your reset link" />;
  const status = token && checked ? checked.status : "unknown";
  if (!token || status !== "valid") {
    return (
      <>
        <h1 className="mb-2 text-xl font-semibold text-ink">This link cannot be used</h1>
        <p className="mb-6 text-sm text-muted" data-testid="reset-status">
          {UNUSABLE[status === "valid" ? "unknown" : status]} Ask for a new one.
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
      <ResetPasswordForm token={token} action={reset} />
    </>
  );
}
