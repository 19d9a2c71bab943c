// A password reset link (docs/decisions/1220, 1432): /reset-password#<token>. The page
// reads the token from the fragment: a form for the new password while the link is
// unspent and under an hour old; otherwise why it no longer works.
import type { Metadata } from "next";
import { ResetLink } from "@/components/auth/reset-link";
import { checkResetLink, resetPassword } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default function ResetPasswordPage() {
  return <ResetLink check={checkResetLink} reset={resetPassword} />;
}
