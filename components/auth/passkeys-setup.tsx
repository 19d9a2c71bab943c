"use client";
// Passkeys beside the authenticator app (docs/decisions/1434): name one and let
// the browser create it, see the list, remove one with the password.
import { startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";

type Answer<T> = { ok: true; value: T } | { ok: false; error: string };
type Listed = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

/** The page's server actions. */
export type PasskeyActions = {
  passkeyOptions: () => Promise<Answer<PublicKeyCredentialCreationOptionsJSON>>;
  addPasskey: (name: string, response: unknown) => Promise<Answer<Listed>>;
  deletePasskey: (id: string, password: string) => Promise<Answer<{ removedAt: Date }>>;
};

const day = (date: Date | null) => (date ? new Date(date).toISOString().slice(0, 10) : "never");

export function PasskeysSetup({ passkeys, actions }: { passkeys: Listed[]; actions: PasskeyActions }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<Listed | null>(null);

  async function add(name: string) {
    setPending(true);
    setError(null);
    try {
      const options = await actions.passkeyOptions();
      if (!options.ok) return setError(options.error);
      const response = await startRegistration({ optionsJSON: options.value });
      const added = await actions.addPasskey(name, response);
      if (!added.ok) return setError(added.error);
      router.refresh();
    } catch {
      setError("The browser did not create a passkey (cancelled, or not supported here).");
    } finally {
      setPending(false);
    }
  }

  async function remove(id: string, password: string) {
    setPending(true);
    setError(null);
    const removed = await actions
      .deletePasskey(id, password)
      .catch(() => ({ ok: false as const, error: "The server could not be reached." }));
    setPending(false);
    if (!removed.ok) return setError(removed.error);
    setRemoving(null);
    router.refresh();
  }

  return (
    <section className="mt-8 space-y-3" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading" className="text-lg font-semibold text-ink">
        Passkeys
      </h2>
      <p className="text-sm text-muted">
        A passkey (your device&apos;s fingerprint, face or PIN, or a security key) can give the second step of a sign-in
        instead of a code.
      </p>
      {passkeys.length > 0 ? (
        <ul className="divide-y divide-line rounded-md border border-line" data-testid="passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center justify-between gap-2 p-2 text-sm text-ink">
              <span>
                <span className="font-medium">{passkey.name}</span>{" "}
                <span className="text-muted">
                  added {day(passkey.createdAt)}, last used {day(passkey.lastUsedAt)}
                </span>
              </span>
              <Button variant="secondary" disabled={pending} onClick={() => setRemoving(passkey)}>
                Remove {passkey.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No passkey yet.</p>
      )}
      {removing ? (
        <form
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault();
            await remove(removing.id, String(new FormData(event.currentTarget).get("passkey-password") ?? ""));
          }}
        >
          <Field id="passkey-password" label={`Your password, to remove ${removing.name}`}>
            <Input name="passkey-password" type="password" autoComplete="current-password" required />
          </Field>
          <Button type="submit" variant="danger" disabled={pending}>
            Remove the passkey
          </Button>
        </form>
      ) : null}
      <form
        className="space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          await add(String(new FormData(form).get("passkey-name") ?? ""));
        }}
      >
        <Field id="passkey-name" label="Name of the new passkey" hint="For example: Work laptop, Phone, Blue key.">
          <Input name="passkey-name" maxLength={60} required />
        </Field>
        <FormError>{error}</FormError>
        <Button type="submit" disabled={pending}>
          Add a passkey
        </Button>
      </form>
    </section>
  );
}
