// Account settings of the signed-in user (docs/decisions/1423, 1220): name and
// time zone, the sign-in email, a new password (every other session ends) and
// "sign out everywhere" (every session ends); the alert preferences (docs/decisions/1428); the
// advertiser's category and licensed regions, read-only (the operator sets them).
import Link from "next/link";
import type { Metadata } from "next";
import { graphql } from "@/graphql/__generated__/client";
import type { AdvertiserCategory } from "@/graphql/__generated__/client/graphql";
import { regionName } from "@/lib/domain/regions/regions";
import { PageHeader } from "@/components/shell/page-header";
import { ChangeEmailForm, ProfileForm } from "@/components/settings/account-forms";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { SignOutEverywhereButton } from "@/components/settings/sign-out-everywhere-button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { NotificationPreferencesForm, type PreferenceRow } from "@/components/notifications/notification-preferences";
import { isAlertKind } from "@/lib/domain/alerts/alerts.schemas";
import { emailConfigured } from "@/lib/email/mailer";
import { query } from "../_lib/graphql";

export const metadata: Metadata = { title: "Settings" };

const CATEGORY_LABELS: Record<AdvertiserCategory, string> = {
  GENERAL: "General",
  GAMBLING: "Gambling (sportsbook, prediction market)",
  ALCOHOL: "Alcohol",
};

const SETTINGS = graphql(`
  query SettingsPage {
    viewer {
      user {
        email
        name
        timeZone
      }
      advertiser {
        name
        category
        licensedRegions
      }
      notificationPreferences {
        kind
        channel
      }
    }
  }
`);

export default async function SettingsPage() {
  const data = await query(SETTINGS);
  const email = data.viewer?.user?.email ?? "";
  // GraphQL's BUDGET_50 / EMAIL as the domain's budget_50 / email
  const preferences: PreferenceRow[] = (data.viewer?.notificationPreferences ?? []).flatMap((row) => {
    const kind = row.kind.toLowerCase();
    return isAlertKind(kind) ? [{ kind, channel: row.channel.toLowerCase() as PreferenceRow["channel"] }] : [];
  });
  return (
    <>
      <PageHeader
        title="Settings"
        description={`Your account: signed in as ${email || "you"} for ${data.viewer?.advertiser.name ?? "your advertiser"}.`}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader title="Profile" />
          <CardBody>
            <ProfileForm name={data.viewer?.user?.name ?? ""} timeZone={data.viewer?.user?.timeZone ?? "UTC"} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Ad category and licences"
            description="Set by the operator of this service; write to them to change either."
          />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-2" data-testid="jurisdiction">
              <div>
                <dt className="text-xs font-medium tracking-wide text-muted uppercase">Category</dt>
                <dd className="mt-0.5 text-sm text-ink">
                  {CATEGORY_LABELS[data.viewer?.advertiser.category ?? "GENERAL"]}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-muted uppercase">Licensed regions</dt>
                <dd className="mt-0.5 text-sm text-ink">
                  {data.viewer?.advertiser.category !== "GAMBLING"
                    ? "Not needed: campaigns may target any region"
                    : data.viewer.advertiser.licensedRegions?.length
                      ? data.viewer.advertiser.licensedRegions.map((code) => `${regionName(code)} (${code})`).join(", ")
                      : "None: campaigns serve nobody until the operator records a licence"}
                </dd>
              </div>
            </dl>
            {data.viewer?.advertiser.category === "GAMBLING" ? (
              <p className="mt-3 text-xs text-muted">
                Gambling campaigns serve only users in these regions, never a user whose region is unknown, and may
                target only regions within them.
              </p>
            ) : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Email" description="The email you sign in with. Your old address is told of the change." />
          <CardBody>
            <ChangeEmailForm email={email} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Password"
            description="Changing it signs your account out of every other browser and device."
          />
          <CardBody>
            <ChangePasswordForm email={email} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Two-factor sign-in"
            description="A code from an authenticator app at every sign-in, with one-time recovery codes."
          />
          <CardBody>
            <Link className="text-sm font-medium text-brand underline" href="/two-factor">
              Set up or manage two-factor sign-in
            </Link>
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Sessions"
            description="A session lasts 12 hours from sign-in. Signing out of this browser ends its session only."
          />
          <CardBody className="space-y-4">
            <p className="text-sm text-muted">
              If you signed in on a computer you no longer use, or think someone else has your session, end every
              session of your account at once.
            </p>
            <SignOutEverywhereButton />
          </CardBody>
        </Card>
        <div id="notifications" className="scroll-mt-16 xl:col-span-2">
          <Card>
            <CardHeader
              title="Notifications"
              description="Per kind of alert: in the dashboard's notification centre, also by email, or off. Campaign alerts reach every member; webhook alerts editors and admins."
            />
            <CardBody>
              <NotificationPreferencesForm preferences={preferences} emailConfigured={emailConfigured()} />
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
