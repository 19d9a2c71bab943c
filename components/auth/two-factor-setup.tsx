"use client";
// Turning two-factor sign-in on (scan the QR code or type the secret, confirm with
// a first code, keep the recovery codes) or off (with the password).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";

type Enrolment = { secret: string; otpauthUri: string; qrSvg: string };
type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** The page's server actions. */
export type TwoFactorActions = {
  startEnrolment: () => Promise<Answer<Enrolment>>;
  confirmEnrolment: (code: string) => Promise<Answer<{ recoveryCodes: string[] }>>;
  turnOff: (password: string) => Promise<Answer<{ disabledAt: Date }>>;
};

export function TwoFactorSetup({
  enabled,
  recoveryCodesLeft,
  requiredByAdvertiser,
  actions: { startEnrolment, confirmEnrolment, turnOff },
}: {
  actions: TwoFactorActions;
  enabled: boolean;
  recoveryCodesLeft: number;
  requiredByAdvertiser: boolean;
}) {
  const router = useRouter();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run<T>(action: () => Promise<Answer<T>>) {
    setPending(true);
    setError(null);
    const result = await action().catch(() => ({ ok: false as const, error: "The server could not be reached." }));
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    return result.value;
  }

  if (codes) {
    return (
      <div data-testid="recovery-codes">
        <p className="mb-2 text-sm text-ink">
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you lose
          your authenticator app. They are shown only now.
        </p>
        <ul className="mb-4 grid grid-cols-2 gap-1 font-mono text-sm">
          {codes.map((code) => (
            <li key={code} data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ul>
        <Link className="text-sm font-medium text-brand underline" href="/overview">
          Continue to the dashboard
        </Link>
      </div>
    );
  }

  if (enabled) {
    return (
      <form
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const password = String(new FormData(event.currentTarget).get("password") ?? "");
          if (await run(() => turnOff(password))) router.refresh();
        }}
      >
        <p className="text-sm text-ink" data-testid="two-factor-on">
          Two-factor sign-in is on ({recoveryCodesLeft} recovery codes left).
        </p>
        {requiredByAdvertiser ? (
          <p className="text-sm text-muted">An advertiser you belong to requires it, so it cannot be turned off.</p>
        ) : (
          <>
            <Field id="password" label="Your password, to turn it off">
              <Input name="password" type="password" autoComplete="current-password" required />
            </Field>
            <FormError>{error}</FormError>
            <Button type="submit" variant="danger" disabled={pending}>
              Turn off two-factor sign-in
            </Button>
          </>
        )}
      </form>
    );
  }

  if (!enrolment) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted">
          With two-factor sign-in, signing in takes your password and a code from an authenticator app on your phone.
        </p>
        <FormError>{error}</FormError>
        <Button
          disabled={pending}
          onClick={async () => {
            const started = await run(() => startEnrolment());
            if (started) setEnrolment(started);
          }}
        >
          Set up an authenticator app
        </Button>
      </div>
    );
  }

  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        const code = String(new FormData(event.currentTarget).get("code") ?? "");
        const confirmed = await run(() => confirmEnrolment(code));
        if (confirmed) setCodes(confirmed.recoveryCodes);
      }}
    >
      <p className="text-sm text-ink">Scan this QR code with your authenticator app, or type the key below.</p>
      <div
        className="w-48 rounded-md border border-line bg-white p-2"
        role="img"
        aria-label="QR code of the authenticator key"
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <p className="font-mono text-sm break-all text-ink" data-testid="totp-secret">
        {enrolment.secret}
      </p>
      <Field id="code" label="The 6-digit code your app shows">
        <Input name="code" autoComplete="one-time-code" inputMode="numeric" required />
      </Field>
      <FormError>{error}</FormError>
      <Button type="submit" disabled={pending}>
        Turn on
      </Button>
    </form>
  );
}
