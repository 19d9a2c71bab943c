import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { DEFAULT_RETURN_PATH, safeReturnPath } from "@/lib/auth/return-path";
import { currentUser } from "../../(dashboard)/_lib/session";
import { signUp } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  // a shared link opened before the account existed: back to it once signed up
  const returnTo = safeReturnPath((await searchParams).callbackUrl) ?? DEFAULT_RETURN_PATH;
  if (await currentUser()) redirect(returnTo);
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Create an account</h1>
      <p className="mb-6 text-sm text-muted">
        Creates your advertiser with you as its admin: invite your team and add API keys after.
      </p>
      <SignUpForm action={signUp} returnTo={returnTo} />
    </>
  );
}
