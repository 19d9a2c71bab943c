import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { DEFAULT_RETURN_PATH, safeReturnPath } from "@/lib/auth/return-path";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/policies";
import { currentUser } from "../../(dashboard)/_lib/session";
import { passkeySignInOptions } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

/** Failed sign-ins are counted per address and per account or device (lib/rate-limit/policies.ts); the longest window is the wait. */
const WAIT_MINUTES =
  Math.max(
    RATE_LIMIT_POLICIES.sign_in_ip.durationSec,
    RATE_LIMIT_POLICIES.sign_in_account.durationSec,
    RATE_LIMIT_POLICIES.sign_in_device.durationSec,
  ) / 60;

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string | string[]; callbackUrl?: string | string[] }>;
}) {
  const { error, callbackUrl } = await searchParams;
  // the page asked for before signing in (a shared link): a path of this site only
  const returnTo = safeReturnPath(callbackUrl) ?? DEFAULT_RETURN_PATH;
  if (await currentUser()) redirect(returnTo);
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Sign in</h1>
      <p className="mb-6 text-sm text-muted">Manage your campaigns, reports and API keys.</p>
      <SignInForm
        initialError={typeof error === "string" ? error : null}
        waitMinutes={WAIT_MINUTES}
        returnTo={returnTo}
        passkeyOptions={passkeySignInOptions}
      />
    </>
  );
}
