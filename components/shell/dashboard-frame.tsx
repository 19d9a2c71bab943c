// The signed-in frame: skip link, header (the advertiser's name, or the switcher
// between the user's advertisers, docs/decisions/1426; the notification bell,
// docs/decisions/1428; sign-out), the
// navigation (a sidebar, a menu on phones) and the page's main landmark. The
// dashboard's pages and, for a signed-in reader, the docs pages are drawn in it.
import Link from "next/link";
import type { ReactNode } from "react";
import type { Role } from "@/lib/auth/roles";
import { AdvertiserSwitcher, type SwitcherMembership } from "./advertiser-switcher";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { MobileNav } from "./mobile-nav";
import { SidebarNav } from "./sidebar-nav";
import { SignOutButton } from "./sign-out-button";

export function DashboardFrame({
  advertiserName,
  role,
  memberships = [],
  timeZone = null,
  unreadNotifications = null,
  children,
}: {
  advertiserName?: string;
  /** the signed-in member's role on the selected advertiser */
  role?: Role | null;
  memberships?: readonly SwitcherMembership[];
  /** the signed-in user's time zone (Settings): the frame's instants are written in it */
  timeZone?: string | null;
  /** the member's unread alerts: the bell is shown when known (the dashboard, not the docs) */
  unreadNotifications?: number | null;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-bg">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 h-14 border-b border-line bg-white">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-3">
            <MobileNav role={role} />
            <Link href="/overview" className="truncate text-base font-semibold text-ink">
              Sports Moment Ads
            </Link>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            {memberships.length > 1 ? (
              <AdvertiserSwitcher memberships={memberships} />
            ) : (
              <span className="hidden truncate text-sm text-muted sm:inline" data-testid="advertiser-name">
                {advertiserName}
              </span>
            )}
            {unreadNotifications !== null ? (
              <TimeZoneProvider timeZone={timeZone}>
                <NotificationBell initialUnread={unreadNotifications} />
              </TimeZoneProvider>
            ) : null}
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4">
        <aside className="hidden w-56 shrink-0 py-6 lg:block">
          <SidebarNav role={role} />
        </aside>
        <main id="main" className="min-w-0 flex-1 py-6">
          <TimeZoneProvider timeZone={timeZone}>{children}</TimeZoneProvider>
        </main>
      </div>
    </div>
  );
}
