"use client";
// The navigation list: the current section is marked (aria-current) and shown.
import {
  AlertTriangle,
  BookOpen,
  Braces,
  ChartLine,
  Gauge,
  History,
  KeyRound,
  Mail,
  Megaphone,
  Plug,
  Receipt,
  Scale,
  ShieldCheck,
  Settings,
  Users,
  Webhook,
  Zap,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ComponentType } from "react";
import { cn } from "@/components/ui/cn";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { DOC_LINKS, NAV_LINKS, type NavLink } from "./nav-links";

const ICONS: Record<string, ComponentType<{ size?: number; "aria-hidden"?: boolean }>> = {
  gauge: Gauge,
  megaphone: Megaphone,
  chart: ChartLine,
  scale: Scale,
  webhook: Webhook,
  key: KeyRound,
  plug: Plug,
  shield: ShieldCheck,
  settings: Settings,
  history: History,
  users: Users,
  receipt: Receipt,
  book: BookOpen,
  alert: AlertTriangle,
  braces: Braces,
  mail: Mail,
  zap: Zap,
};

function Item({ link, active, onNavigate }: { link: NavLink; active: boolean; onNavigate?: () => void }) {
  const Icon = ICONS[link.icon] ?? Gauge;
  return (
    <li>
      <Link
        href={link.href}
        onClick={onNavigate}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium",
          active ? "bg-blue-50 text-blue-900" : "text-slate-700 hover:bg-slate-100 hover:text-ink",
        )}
      >
        <Icon size={16} aria-hidden />
        {link.label}
      </Link>
    </li>
  );
}

/** `role`: the signed-in member's on the selected advertiser (links above it are not shown); unknown: all. */
export function SidebarNav({ onNavigate, role }: { onNavigate?: () => void; role?: Role | null }) {
  const pathname = usePathname();
  const matches = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  // the most specific link is the current one (/reports/saved is Saved reports, not Reports)
  const current = [...NAV_LINKS, ...DOC_LINKS]
    .filter((link) => matches(link.href))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  const active = (href: string) => href === current;
  return (
    <nav aria-label="Dashboard" className="space-y-6">
      <ul className="space-y-1">
        {NAV_LINKS.filter((link) => !link.least || !role || roleAtLeast(role, link.least)).map((link) => (
          <Item key={link.href} link={link} active={active(link.href)} onNavigate={onNavigate} />
        ))}
      </ul>
      <div>
        <p className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">Developers</p>
        <ul className="mt-2 space-y-1">
          {DOC_LINKS.map((link) => (
            <Item key={link.href} link={link} active={active(link.href)} onNavigate={onNavigate} />
          ))}
        </ul>
      </div>
    </nav>
  );
}
