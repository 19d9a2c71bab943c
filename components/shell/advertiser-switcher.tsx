"use client";
// The header's switcher between the advertisers the signed-in user belongs to
// (docs/decisions/1426): switchAdvertiser gives the browser a session cookie
// selecting the one chosen, then the page loads anew for it (a full load: nothing
// of the other advertiser stays in the client router's cache).
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { ROLE_LABELS, type Role } from "@/lib/auth/roles";

export type SwitcherMembership = { advertiserId: string; advertiserName: string; role: Role; current: boolean };

const SWITCH = graphql(`
  mutation SwitchAdvertiser($input: SwitchAdvertiserInput!) {
    switchAdvertiser(input: $input) {
      membership {
        advertiserId
      }
      userErrors {
        message
      }
    }
  }
`);

export function AdvertiserSwitcher({ memberships }: { memberships: readonly SwitcherMembership[] }) {
  const current = memberships.find((membership) => membership.current);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="advertiser-switcher" className="sr-only">
        Advertiser
      </label>
      <select
        id="advertiser-switcher"
        data-testid="advertiser-switcher"
        className="max-w-40 min-h-10 truncate rounded-md border border-line bg-white px-2 text-sm text-ink sm:max-w-64"
        value={current?.advertiserId ?? ""}
        disabled={pending}
        aria-describedby={error ? "advertiser-switcher-error" : undefined}
        onChange={async (event) => {
          const advertiserId = event.target.value;
          setPending(true);
          setError(null);
          try {
            const { switchAdvertiser } = await gqlFetch(SWITCH, { input: { advertiserId } });
            if (!switchAdvertiser?.membership) {
              setError(switchAdvertiser?.userErrors[0]?.message ?? "Could not switch.");
              setPending(false);
              return;
            }
            // a full load: nothing of the other advertiser stays in the client router cache
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination
            window.location.assign("/overview");
          } catch (caught) {
            setError(caught instanceof Error ? caught.message : String(caught));
            setPending(false);
          }
        }}
      >
        {memberships.map((membership) => (
          <option key={membership.advertiserId} value={membership.advertiserId}>
            {membership.advertiserName} ({ROLE_LABELS[membership.role]})
          </option>
        ))}
      </select>
      {error ? (
        <span id="advertiser-switcher-error" role="alert" className="text-xs text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}
