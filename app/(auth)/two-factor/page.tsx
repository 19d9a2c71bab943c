// Two-factor sign-in (docs/decisions/1431): the signed-in user turns it on with an
// authenticator app (a QR code, then a first code) and keeps the recovery codes,
// or adds passkeys (docs/decisions/1434),
// shown once, or turns it off with their password. A member of an advertiser that
// requires it is sent here until they have set it up.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TwoFactorSetup } from "@/components/auth/two-factor-setup";
import { runAction } from "@/lib/http/server-action";
import { getTwoFactorStatus } from "@/lib/domain/two-factor/two-factor";
import { listPasskeys } from "@/lib/domain/two-factor/passkeys";
import { PasskeysSetup } from "@/components/auth/passkeys-setup";
import { currentUser } from "../../(dashboard)/_lib/session";
import { addPasskey, confirmEnrolment, deletePasskey, passkeyOptions, startEnrolment, turnOff } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Two-factor sign-in", referrer: "no-referrer" };

export default async function TwoFactorPage() {
  const user = await currentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent("/two-factor")}`);
  const [status, passkeys] = await Promise.all([runAction(getTwoFactorStatus, {}), runAction(listPasskeys, {})]);
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold text-ink">Two-factor sign-in</h1>
      {user.twoFactorPending ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Your advertiser requires two-factor sign-in. Set it up to continue to the dashboard.
        </p>
      ) : null}
      <TwoFactorSetup
        actions={{ startEnrolment, confirmEnrolment, turnOff }}
        enabled={status.enabled}
        recoveryCodesLeft={status.recoveryCodesLeft}
        requiredByAdvertiser={status.requiredByAdvertiser}
      />
      <PasskeysSetup passkeys={passkeys} actions={{ passkeyOptions, addPasskey, deletePasskey }} />
    </>
  );
}
