import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { localPath } from "@/components/auth/local-path";
import { SignInForm } from "@/components/auth/sign-in-form";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit-policies";
import { currentUser } from "../../(dashboard)/_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

/** Failed sign-ins are counted per address and per account or device (lib/rate-limit-policies.ts); the longest window is the wait. */
const WAIT_MINUTES =
  Math.max(
    RATE_LIMIT_POLICIES.sign_in_ip.durationSec,
    RATE_LIMIT_POLICIES.sign_in_account.durationSec,
    RATE_LIMIT_POLICIES.sign_in_device.durationSec,
  ) / 60;

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; callbackUrl?: string | string[] }>;
}) {
  const { error, callbackUrl } = await searchParams;
  // where to go once signed in (an OAuth consent page that sent a signed-out user here): this site only
  const next = localPath(typeof callbackUrl === "string" ? callbackUrl : null) ?? "/overview";
  if (await currentUser()) redirect(next);
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-ink">Sign in</h1>
      <p className="mb-6 text-sm text-muted">Manage your campaigns, reports and API keys.</p>
      <SignInForm initialError={error ?? null} waitMinutes={WAIT_MINUTES} next={next} />
    </>
  );
}
